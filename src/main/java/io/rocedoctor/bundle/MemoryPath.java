package io.rocedoctor.bundle;

import java.io.IOException;
import java.net.URI;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;

/**
 * A path in a {@link MemoryFileSystem}. Its syntax is the Unix one, so every operation on names
 * (parent, resolve, relativize, normalize, startsWith) is delegated to a path of the default file
 * system holding the same names: only where a path meets the files (real path, attributes,
 * reading) does the memory file system answer.
 */
final class MemoryPath implements Path {
    private final MemoryFileSystem fs;
    private final Path names;

    MemoryPath(MemoryFileSystem fs, Path names) {
        this.fs = fs;
        this.names = names;
    }

    /** The same names on the default file system: the key the memory file system looks files up by. */
    Path names() {
        return names;
    }

    private MemoryPath wrap(Path p) {
        return p == null ? null : new MemoryPath(fs, p);
    }

    private Path unwrap(Path other) {
        if (other instanceof MemoryPath m && m.fs == fs) {
            return m.names;
        }
        throw new ProviderMismatchException("not a path of the same archive: " + other);
    }

    @Override
    public MemoryFileSystem getFileSystem() {
        return fs;
    }

    @Override
    public boolean isAbsolute() {
        return names.isAbsolute();
    }

    @Override
    public Path getRoot() {
        return wrap(names.getRoot());
    }

    @Override
    public Path getFileName() {
        return wrap(names.getFileName());
    }

    @Override
    public Path getParent() {
        return wrap(names.getParent());
    }

    @Override
    public int getNameCount() {
        return names.getNameCount();
    }

    @Override
    public Path getName(int index) {
        return wrap(names.getName(index));
    }

    @Override
    public Path subpath(int beginIndex, int endIndex) {
        return wrap(names.subpath(beginIndex, endIndex));
    }

    @Override
    public boolean startsWith(Path other) {
        return other instanceof MemoryPath m && m.fs == fs && names.startsWith(m.names);
    }

    @Override
    public boolean endsWith(Path other) {
        return other instanceof MemoryPath m && m.fs == fs && names.endsWith(m.names);
    }

    @Override
    public Path normalize() {
        return wrap(names.normalize());
    }

    @Override
    public Path resolve(Path other) {
        return wrap(names.resolve(unwrap(other)));
    }

    @Override
    public Path relativize(Path other) {
        return wrap(names.relativize(unwrap(other)));
    }

    @Override
    public URI toUri() {
        return URI.create(MemoryFileSystemProvider.SCHEME + ":" + toAbsolutePath());
    }

    @Override
    public Path toAbsolutePath() {
        return isAbsolute() ? this : wrap(MemoryFileSystem.ROOT.resolve(names));
    }

    @Override
    public Path toRealPath(LinkOption... options) throws IOException {
        return wrap(fs.realPath(this));
    }

    @Override
    public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
        throw new UnsupportedOperationException("an archive read in memory cannot be watched");
    }

    @Override
    public int compareTo(Path other) {
        return names.compareTo(unwrap(other));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MemoryPath m && m.fs == fs && m.names.equals(names);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        return names.toString();
    }
}
