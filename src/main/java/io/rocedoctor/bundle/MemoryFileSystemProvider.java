package io.rocedoctor.bundle;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.spi.FileSystemProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

/**
 * The provider of {@link MemoryFileSystem}s. Not installed (no service file): each archive read
 * makes its own file system, reached only through the paths of its bundle.
 */
final class MemoryFileSystemProvider extends FileSystemProvider {
    static final String SCHEME = "roce-doctor-archive";

    private static MemoryPath memory(Path path) {
        if (path instanceof MemoryPath m) {
            return m;
        }
        throw new ProviderMismatchException("not a path of an archive read in memory: " + path);
    }

    private static boolean follows(LinkOption... options) {
        return !Arrays.asList(options).contains(LinkOption.NOFOLLOW_LINKS);
    }

    /** The bytes of a file kept in memory, not copied: the caller must not change them. */
    static byte[] bytes(MemoryPath path) throws IOException {
        return file(path).bytes;
    }

    private static MemoryFileSystem.File file(MemoryPath path) throws IOException {
        MemoryFileSystem.Node node = path.getFileSystem().find(path, true).node();
        if (node instanceof MemoryFileSystem.Folder) {
            throw new FileSystemException(path.toString(), null, "Is a directory");
        }
        MemoryFileSystem.File file = (MemoryFileSystem.File) node;
        if (file.bytes == null) {
            throw new FileSystemException(
                    path.toString(), null, "not kept in memory: roce-doctor reads no file of this name");
        }
        return file;
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
        throw new UnsupportedOperationException("made by the bundle reader only");
    }

    @Override
    public FileSystem getFileSystem(URI uri) {
        throw new UnsupportedOperationException("reached through its bundle's paths only");
    }

    @Override
    public Path getPath(URI uri) {
        throw new UnsupportedOperationException("reached through its bundle's paths only");
    }

    @Override
    public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
        for (OpenOption o : options) {
            if (o != StandardOpenOption.READ && o != LinkOption.NOFOLLOW_LINKS) {
                throw new UnsupportedOperationException(o + " on a file read from an archive");
            }
        }
        return new ByteArrayInputStream(file(memory(path)).bytes);
    }

    @Override
    public OutputStream newOutputStream(Path path, OpenOption... options) throws IOException {
        // One look at each option: a Set of them hashed the Expecting record, whose hashCode is linked
        // at its first call, the largest method-handle linkage of a cold archive's reading.
        boolean createNew = false;
        long expected = 0;
        for (OpenOption o : options) {
            if (o == StandardOpenOption.CREATE_NEW) {
                createNew = true;
            } else if (o instanceof MemoryFileSystem.Expecting e) {
                expected = e.bytes();
            }
        }
        if (!createNew) {
            throw new UnsupportedOperationException("files of an archive are created new, never rewritten");
        }
        MemoryPath p = memory(path);
        return p.getFileSystem().createFile(p, expected);
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        for (OpenOption o : options) {
            if (o != StandardOpenOption.READ && o != LinkOption.NOFOLLOW_LINKS) {
                throw new ReadOnlyFileSystemException();
            }
        }
        // The file's own bytes, behind a channel that cannot write them: a copy per read was a copy of every capture.
        return new SeekableInMemoryByteChannel(file(memory(path)).bytes) {
            @Override
            public int write(java.nio.ByteBuffer b) {
                throw new java.nio.channels.NonWritableChannelException();
            }

            @Override
            public SeekableByteChannel truncate(long newSize) {
                throw new java.nio.channels.NonWritableChannelException();
            }
        };
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter)
            throws IOException {
        MemoryPath p = memory(dir);
        MemoryFileSystem.Node node = p.getFileSystem().find(p, true).node();
        if (!(node instanceof MemoryFileSystem.Folder folder)) {
            throw new NotDirectoryException(dir.toString());
        }
        List<Path> entries = new ArrayList<>();
        synchronized (p.getFileSystem()) {
            for (String name : new java.util.TreeSet<>(folder.children.keySet())) {
                Path child = dir.resolve(name);
                if (filter.accept(child)) {
                    entries.add(child);
                }
            }
        }
        return new DirectoryStream<>() {
            @Override
            public Iterator<Path> iterator() {
                return entries.iterator();
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
        MemoryPath p = memory(dir);
        p.getFileSystem().createFolder(p);
    }

    @Override
    public void createSymbolicLink(Path link, Path target, FileAttribute<?>... attrs) throws IOException {
        MemoryPath p = memory(link);
        p.getFileSystem().createLink(p, target.toString());
    }

    @Override
    public Path readSymbolicLink(Path link) throws IOException {
        MemoryPath p = memory(link);
        if (p.getFileSystem().find(p, false).node() instanceof MemoryFileSystem.Link l) {
            return p.getFileSystem().getPath(l.target);
        }
        throw new java.nio.file.NotLinkException(link.toString());
    }

    @Override
    public void delete(Path path) throws IOException {
        MemoryPath p = memory(path);
        p.getFileSystem().delete(p);
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public boolean isSameFile(Path path, Path path2) throws IOException {
        if (path.equals(path2)) {
            return true;
        }
        if (!(path2 instanceof MemoryPath other)
                || other.getFileSystem() != memory(path).getFileSystem()) {
            return false;
        }
        return memory(path).getFileSystem().find(memory(path), true).node()
                == other.getFileSystem().find(other, true).node();
    }

    @Override
    public boolean isHidden(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().startsWith(".");
    }

    @Override
    public FileStore getFileStore(Path path) {
        throw new UnsupportedOperationException("an archive read in memory has no file store");
    }

    @Override
    public void checkAccess(Path path, AccessMode... modes) throws IOException {
        MemoryPath p = memory(path);
        p.getFileSystem().find(p, true);
        for (AccessMode mode : modes) {
            if (mode == AccessMode.WRITE) {
                throw new AccessDeniedException(
                        path.toString(), null, "an archive read in memory is written by its reader only");
            }
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
        if (type != BasicFileAttributeView.class) {
            return null;
        }
        return (V) new BasicFileAttributeView() {
            @Override
            public String name() {
                return "basic";
            }

            @Override
            public BasicFileAttributes readAttributes() throws IOException {
                return MemoryFileSystemProvider.this.readAttributes(path, BasicFileAttributes.class, options);
            }

            @Override
            public void setTimes(FileTime lastModifiedTime, FileTime lastAccessTime, FileTime createTime) {
                throw new ReadOnlyFileSystemException();
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options)
            throws IOException {
        if (type != BasicFileAttributes.class) {
            throw new UnsupportedOperationException(type.getSimpleName() + " of a file read from an archive");
        }
        MemoryPath p = memory(path);
        return (A) p.getFileSystem().find(p, follows(options)).node(); // a node is its own attributes
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        BasicFileAttributes a = readAttributes(path, BasicFileAttributes.class, options);
        return Map.of(
                "size",
                a.size(),
                "isDirectory",
                a.isDirectory(),
                "isRegularFile",
                a.isRegularFile(),
                "isSymbolicLink",
                a.isSymbolicLink(),
                "isOther",
                false,
                "lastModifiedTime",
                a.lastModifiedTime(),
                "lastAccessTime",
                a.lastAccessTime(),
                "creationTime",
                a.creationTime(),
                "fileKey",
                a.fileKey());
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) {
        throw new ReadOnlyFileSystemException();
    }
}
