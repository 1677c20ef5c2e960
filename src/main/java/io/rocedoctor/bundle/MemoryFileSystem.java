package io.rocedoctor.bundle;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * An archive's files held in memory: folders, regular files and symbolic links, as
 * {@link ArchiveExtractor} makes them while it streams the archive. It gives the bundle reader
 * the same {@link Path}s a folder on disk would (links resolved as the kernel does, at most 40 of
 * them per lookup), so the reader's checks on names and links are the ones it makes on a folder,
 * and nothing of an upload is ever written to disk.
 *
 * <p>Writing is what the extractor needs and no more: a folder or a link where nothing is, a file
 * created new, a file deleted; none of them goes through a link (the parent must be a chain of
 * real folders). A file whose name {@code keeps} declines is held as its size only: roce-doctor
 * never reads it, and a sosreport's logs and journals would otherwise sit in the heap. Reading
 * such a file is an error naming it.
 */
final class MemoryFileSystem extends FileSystem {
    static final Path ROOT = Path.of("/");
    private static final int MAX_LINKS_FOLLOWED = 40;

    /** A node of the tree; identity is what tells two nodes apart (the file key of a walk). */
    abstract static sealed class Node permits Folder, File, Link {}

    static final class Folder extends Node {
        /** By name; hashed, since lookups outnumber listings (which sort the names) many times over. */
        final HashMap<String, Node> children = new HashMap<>();
    }

    static final class File extends Node {
        /** Null when the content was not kept. */
        final byte[] bytes;

        final long size;

        File(byte[] bytes, long size) {
            this.bytes = bytes;
            this.size = size;
        }
    }

    static final class Link extends Node {
        final String target;

        Link(String target) {
            this.target = target;
        }
    }

    /**
     * A node found by a lookup, and the names of the real path (links resolved) it is at: the path
     * itself is made only when asked for (most lookups want the node's attributes).
     */
    record Found(List<String> realNames, Node node) {
        Path real() {
            return realNames.isEmpty() ? ROOT : Path.of("/" + String.join("/", realNames));
        }
    }

    private final MemoryFileSystemProvider provider;
    private final Folder root = new Folder();
    private final Predicate<String> keeps;
    private volatile boolean open = true;

    /** @param keeps whether the content of a file, by its path below the root (no leading slash), is held */
    MemoryFileSystem(Predicate<String> keeps) {
        this.provider = new MemoryFileSystemProvider();
        this.keeps = keeps;
    }

    /** The root folder of the archive. */
    MemoryPath root() {
        return new MemoryPath(this, ROOT);
    }

    // ---- lookups ---------------------------------------------------------------------------

    /**
     * Finds what a path names, following every link on the way, and the last one too when
     * {@code followLast}: the kernel's lookup, with its ELOOP after 40 links.
     */
    Found find(MemoryPath path, boolean followLast) throws IOException {
        Deque<String> todo = new ArrayDeque<>();
        addNames(path.names().toString(), todo);
        Deque<Node> nodes = new ArrayDeque<>();
        List<String> real = new ArrayList<>();
        Node current = root;
        int links = 0;
        while (!todo.isEmpty()) {
            String name = todo.removeFirst();
            if (name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                if (!real.isEmpty()) {
                    real.remove(real.size() - 1);
                    current = nodes.removeLast();
                }
                continue;
            }
            if (!(current instanceof Folder folder)) {
                throw new NotDirectoryException(path.toString());
            }
            Node child = folder.children.get(name);
            if (child == null) {
                throw new Absent(path.toString());
            }
            if (child instanceof Link link && (followLast || !todo.isEmpty())) {
                if (++links > MAX_LINKS_FOLLOWED) {
                    throw new FileSystemException(path.toString(), null, "Too many levels of symbolic links");
                }
                Path target = Path.of(link.target);
                if (target.isAbsolute()) {
                    real.clear();
                    nodes.clear();
                    current = root;
                }
                Deque<String> steps = new ArrayDeque<>();
                addNames(target.toString(), steps);
                while (!steps.isEmpty()) {
                    todo.addFirst(steps.removeLast());
                }
                continue;
            }
            nodes.addLast(current);
            real.add(name);
            current = child;
        }
        return new Found(real, current);
    }

    /**
     * A lookup's miss, made without a stack trace: the extractor asks about each folder before it
     * makes it (~200 a typical archive) and the reader about paths a bundle may lack, and filling in
     * the stack of each miss cost more than the lookup (a NoSuchFileException per folder was the
     * bulk of the ~210 throwables per {@code .tar.gz} bundle). Callers see a NoSuchFileException.
     */
    private static final class Absent extends NoSuchFileException {
        private static final long serialVersionUID = 1L;

        Absent(String file) {
            super(file);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /**
     * The names of a path of the default file system, in order: its text split at each slash. Such a
     * path holds no empty name (the system drops repeated and trailing slashes); a lookup split it
     * through {@code Path} objects, one per name, a tenth of reading a {@code .tar.gz} bundle.
     */
    private static void addNames(String path, Deque<String> out) {
        int start = 0;
        while (start < path.length()) {
            int slash = path.indexOf('/', start);
            int end = slash < 0 ? path.length() : slash;
            if (end > start) {
                out.addLast(path.substring(start, end));
            }
            start = end + 1;
        }
    }

    Path realPath(MemoryPath path) throws IOException {
        return find(path, true).real();
    }

    // ---- the writes the extractor makes ----------------------------------------------------

    /** The folder a new entry goes in: every step a real folder, no link followed. */
    private Folder parentOf(MemoryPath path) throws IOException {
        Path absolute = ROOT.resolve(path.names()).normalize();
        if (absolute.getNameCount() == 0) {
            throw new FileAlreadyExistsException(path.toString());
        }
        Folder folder = root;
        for (int i = 0; i < absolute.getNameCount() - 1; i++) {
            Node child = folder.children.get(absolute.getName(i).toString());
            if (child == null) {
                throw new NoSuchFileException(path.toString());
            }
            if (!(child instanceof Folder f)) {
                throw new FileSystemException(
                        path.toString(), null, "not a folder on the way (nothing is written through a link)");
            }
            folder = f;
        }
        return folder;
    }

    private static String lastName(MemoryPath path) {
        return String.valueOf(ROOT.resolve(path.names()).normalize().getFileName());
    }

    synchronized void createFolder(MemoryPath path) throws IOException {
        add(path, new Folder());
    }

    synchronized void createLink(MemoryPath path, String target) throws IOException {
        add(path, new Link(target));
    }

    private void add(MemoryPath path, Node node) throws IOException {
        Folder parent = parentOf(path);
        if (parent.children.putIfAbsent(lastName(path), node) != null) {
            throw new FileAlreadyExistsException(path.toString());
        }
    }

    /** A new file, there once its stream is closed; its name is taken at once, as {@code CREATE_NEW} takes it. */
    synchronized OutputStream createFile(MemoryPath path) throws IOException {
        Folder parent = parentOf(path);
        String name = lastName(path);
        if (parent.children.containsKey(name)) {
            throw new FileAlreadyExistsException(path.toString());
        }
        parent.children.put(name, new File(new byte[0], 0));
        String relative =
                ROOT.relativize(ROOT.resolve(path.names()).normalize()).toString();
        boolean kept = keeps.test(relative);
        return new OutputStream() {
            private final ByteArrayOutputStream held = kept ? new ByteArrayOutputStream() : null;
            private long size;
            private boolean closed;

            @Override
            public void write(int b) {
                size++;
                if (held != null) {
                    held.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                size += len;
                if (held != null) {
                    held.write(b, off, len);
                }
            }

            @Override
            public void close() {
                if (!closed) {
                    closed = true;
                    synchronized (MemoryFileSystem.this) {
                        // Deleted meanwhile (a damaged entry): stays deleted.
                        if (parent.children.get(name) instanceof File) {
                            parent.children.put(name, new File(held == null ? null : held.toByteArray(), size));
                        }
                    }
                }
            }
        };
    }

    synchronized void delete(MemoryPath path) throws IOException {
        Folder parent = parentOf(path);
        Node node = parent.children.get(lastName(path));
        if (node == null) {
            throw new NoSuchFileException(path.toString());
        }
        if (node instanceof Folder f && !f.children.isEmpty()) {
            throw new java.nio.file.DirectoryNotEmptyException(path.toString());
        }
        parent.children.remove(lastName(path));
    }

    // ---- FileSystem ------------------------------------------------------------------------

    @Override
    public MemoryFileSystemProvider provider() {
        return provider;
    }

    @Override
    public void close() {
        open = false;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public boolean isReadOnly() {
        return false;
    }

    @Override
    public String getSeparator() {
        return "/";
    }

    @Override
    public Iterable<Path> getRootDirectories() {
        return List.of(root());
    }

    @Override
    public Iterable<FileStore> getFileStores() {
        return List.of();
    }

    @Override
    public Set<String> supportedFileAttributeViews() {
        return Set.of("basic");
    }

    @Override
    public Path getPath(String first, String... more) {
        return new MemoryPath(this, Path.of(first, more));
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        PathMatcher matcher = ROOT.getFileSystem().getPathMatcher(syntaxAndPattern);
        return p -> p instanceof MemoryPath m && matcher.matches(m.names());
    }

    @Override
    public UserPrincipalLookupService getUserPrincipalLookupService() {
        throw new UnsupportedOperationException("an archive read in memory has no users");
    }

    @Override
    public WatchService newWatchService() {
        throw new UnsupportedOperationException("an archive read in memory cannot be watched");
    }
}
