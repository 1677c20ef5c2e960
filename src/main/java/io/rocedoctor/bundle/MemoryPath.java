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
 * A path in a {@link MemoryFileSystem}, with the Unix syntax of the default file system. The
 * questions a reading asks of every path (parent, file name, resolve, startsWith, a relativize or
 * normalize with no dot in the way, equality, order) are answered from its text, which is the text
 * the default file system gives the same path; the rare others (names by index, endsWith, dots)
 * are delegated to a path of the default file system holding the same names, made when first
 * asked. Wrapping such a path for every question made and parsed one per name operation: a sixth
 * of reading a {@code .tar.gz}. Only where a path meets the files (real path, attributes, reading)
 * does the memory file system answer.
 */
final class MemoryPath implements Path {
    private final MemoryFileSystem fs;
    /** As the default file system writes the path: no empty name, no trailing slash but the root's. */
    private final String text;
    /** The same names on the default file system, for the questions not answered from the text. */
    private Path unix;

    private MemoryPath(MemoryFileSystem fs, String text) {
        this.fs = fs;
        this.text = text;
    }

    /**
     * The path of a text, which the default file system checks and normalizes unless it is plain
     * already: ASCII without NUL, no empty name, no trailing slash. Refused as it refuses it
     * ({@code InvalidPathException}: a NUL, or a character its encoding lacks).
     */
    static MemoryPath of(MemoryFileSystem fs, String text) {
        return new MemoryPath(fs, plain(text) ? text : Path.of(text).toString());
    }

    private static boolean plain(String text) {
        int last = text.length() - 1;
        for (int i = 0; i <= last; i++) {
            char c = text.charAt(i);
            if (c == 0 || c >= 0x80 || c == '/' && (i == last ? i > 0 : text.charAt(i + 1) == '/')) {
                return false;
            }
        }
        return true;
    }

    /** The text the memory file system looks files up by. */
    String text() {
        return text;
    }

    /** The same names on the default file system: the rare questions, and its path matchers. */
    Path unix() {
        if (unix == null) {
            unix = Path.of(text); // its own text again: always accepted
        }
        return unix;
    }

    /** Whether a name of the text is {@code .} or {@code ..}. */
    static boolean hasDotNames(String text) {
        for (int dot = text.indexOf('.'); dot >= 0; dot = text.indexOf('.', dot + 1)) {
            int end = dot + 1 < text.length() && text.charAt(dot + 1) == '.' ? dot + 2 : dot + 1;
            if ((dot == 0 || text.charAt(dot - 1) == '/') && (end == text.length() || text.charAt(end) == '/')) {
                return true;
            }
        }
        return false;
    }

    private MemoryPath wrap(Path p) {
        if (p == null) {
            return null;
        }
        MemoryPath wrapped = new MemoryPath(fs, p.toString());
        wrapped.unix = p;
        return wrapped;
    }

    private MemoryPath memory(Path other) {
        if (other instanceof MemoryPath m && m.fs == fs) {
            return m;
        }
        throw new ProviderMismatchException("not a path of the same archive: " + other);
    }

    @Override
    public MemoryFileSystem getFileSystem() {
        return fs;
    }

    @Override
    public boolean isAbsolute() {
        return text.startsWith("/");
    }

    @Override
    public Path getRoot() {
        return isAbsolute() ? new MemoryPath(fs, "/") : null;
    }

    @Override
    public Path getFileName() {
        if (text.equals("/")) {
            return null;
        }
        int slash = text.lastIndexOf('/');
        return slash < 0 ? this : new MemoryPath(fs, text.substring(slash + 1));
    }

    @Override
    public Path getParent() {
        int slash = text.lastIndexOf('/');
        if (slash < 0 || text.length() == 1) {
            return null; // one relative name, the empty path, or the root
        }
        return new MemoryPath(fs, slash == 0 ? "/" : text.substring(0, slash));
    }

    @Override
    public int getNameCount() {
        if (text.isEmpty()) {
            return 1; // the empty path is one empty name
        }
        int names = text.startsWith("/") ? 0 : 1;
        for (int slash = text.indexOf('/');
                slash >= 0 && slash < text.length() - 1;
                slash = text.indexOf('/', slash + 1)) {
            names++;
        }
        return names;
    }

    @Override
    public Path getName(int index) {
        return wrap(unix().getName(index));
    }

    @Override
    public Path subpath(int beginIndex, int endIndex) {
        return wrap(unix().subpath(beginIndex, endIndex));
    }

    @Override
    public boolean startsWith(Path other) {
        return other instanceof MemoryPath m && m.fs == fs && below(m.text, text, true);
    }

    /** Whether {@code path} is {@code base} or a path below it (or, when not {@code orSame}, only below it). */
    private static boolean below(String base, String path, boolean orSame) {
        if (base.isEmpty()) {
            return orSame && path.isEmpty();
        }
        if (base.equals("/")) {
            return path.startsWith("/") && (orSame || path.length() > 1);
        }
        return path.startsWith(base) && (path.length() == base.length() ? orSame : path.charAt(base.length()) == '/');
    }

    @Override
    public boolean endsWith(Path other) {
        return other instanceof MemoryPath m && m.fs == fs && unix().endsWith(m.unix());
    }

    @Override
    public Path normalize() {
        return hasDotNames(text) ? wrap(unix().normalize()) : this;
    }

    @Override
    public Path resolve(Path other) {
        MemoryPath o = memory(other);
        if (o.isAbsolute() || text.isEmpty()) {
            return o;
        }
        if (o.text.isEmpty()) {
            return this;
        }
        return new MemoryPath(fs, text.equals("/") ? "/" + o.text : text + "/" + o.text);
    }

    @Override
    public Path relativize(Path other) {
        MemoryPath o = memory(other);
        if (!text.isEmpty() && below(text, o.text, false) && !hasDotNames(o.text)) {
            // Downwards with no dot on the way: the names after this path's.
            return new MemoryPath(fs, o.text.substring(text.equals("/") ? 1 : text.length() + 1));
        }
        return wrap(unix().relativize(o.unix()));
    }

    @Override
    public URI toUri() {
        return URI.create(MemoryFileSystemProvider.SCHEME + ":" + toAbsolutePath());
    }

    @Override
    public Path toAbsolutePath() {
        return isAbsolute() ? this : new MemoryPath(fs, "/" + text);
    }

    @Override
    public Path toRealPath(LinkOption... options) throws IOException {
        return fs.realPath(this);
    }

    @Override
    public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
        throw new UnsupportedOperationException("an archive read in memory cannot be watched");
    }

    /**
     * The default file system's order, its paths' bytes compared: the texts' where both characters
     * that differ first are ASCII (so are their bytes, and the same text before them is the same
     * bytes), the paths' otherwise.
     */
    @Override
    public int compareTo(Path other) {
        MemoryPath o = memory(other);
        int shorter = Math.min(text.length(), o.text.length());
        for (int i = 0; i < shorter; i++) {
            char a = text.charAt(i);
            char b = o.text.charAt(i);
            if (a != b) {
                return a < 0x80 && b < 0x80 ? a - b : unix().compareTo(o.unix());
            }
        }
        return text.length() - o.text.length();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MemoryPath m && m.fs == fs && m.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
