package io.rocedoctor.bundle;

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
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
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

    /**
     * A node of the tree, which is also its own attributes (nothing is made per question); identity
     * is what tells two nodes apart (the file key of a walk).
     */
    abstract static sealed class Node implements BasicFileAttributes permits Folder, File, Link {
        private static final FileTime EPOCH = FileTime.fromMillis(0);

        @Override
        public FileTime lastModifiedTime() {
            return EPOCH;
        }

        @Override
        public FileTime lastAccessTime() {
            return EPOCH;
        }

        @Override
        public FileTime creationTime() {
            return EPOCH;
        }

        @Override
        public boolean isRegularFile() {
            return this instanceof File;
        }

        @Override
        public boolean isDirectory() {
            return this instanceof Folder;
        }

        @Override
        public boolean isSymbolicLink() {
            return this instanceof Link;
        }

        @Override
        public boolean isOther() {
            return false;
        }

        @Override
        public long size() {
            return this instanceof File f ? f.size : 0;
        }

        @Override
        public Object fileKey() {
            return this;
        }
    }

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

    /** A node found by a lookup, and the text of the real path (links resolved) it is at. */
    record Found(String realText, Node node) {}

    private final MemoryFileSystemProvider provider;
    private final Folder root = new Folder();
    /**
     * Every node by its real path ({@code /archive/fs/proc/interrupts}), kept with the tree: a path
     * through no link is found with one hash of its text. A walk from the root hashed each name on
     * the way (9% of reading a {@code .tar.gz} bundle); it is left for the paths a link is on.
     */
    private final HashMap<String, Node> byRealPath = new HashMap<>();

    private final Predicate<String> keeps;
    private volatile boolean open = true;

    /** @param keeps whether the content of a file, by its path below the root (no leading slash), is held */
    MemoryFileSystem(Predicate<String> keeps) {
        this.provider = new MemoryFileSystemProvider();
        this.keeps = keeps;
        byRealPath.put(ROOT.toString(), root);
    }

    /** The root folder of the archive. */
    MemoryPath root() {
        return MemoryPath.of(this, ROOT.toString());
    }

    // ---- lookups ---------------------------------------------------------------------------

    /**
     * Finds what a path names, following every link on the way, and the last one too when
     * {@code followLast}: the kernel's lookup, with its ELOOP after 40 links.
     */
    Found find(MemoryPath path, boolean followLast) throws IOException {
        String text = path.text();
        if (text.startsWith("/") && !MemoryPath.hasDotNames(text)) {
            Node node = byRealPath.get(text);
            if (node != null && !(followLast && node instanceof Link)) {
                return new Found(text, node);
            }
            if (node == null && byRealPath.get(parentText(text)) instanceof Folder) {
                // Every name in a real folder is keyed: nothing is there, whatever links the tree holds.
                throw new Absent(text);
            }
        }
        return walk(path, followLast);
    }

    /** The text of an absolute path's parent: {@code /} for a name at the root. */
    private static String parentText(String absolute) {
        int slash = absolute.lastIndexOf('/');
        return slash == 0 ? ROOT.toString() : absolute.substring(0, slash);
    }

    /** The kernel's lookup name by name, for paths through a link or with dots in them. */
    private Found walk(MemoryPath path, boolean followLast) throws IOException {
        Deque<String> todo = new ArrayDeque<>();
        addNames(path.text(), todo);
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
        return new Found("/" + String.join("/", real), current);
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

    MemoryPath realPath(MemoryPath path) throws IOException {
        return MemoryPath.of(this, find(path, true).realText());
    }

    // ---- the writes the extractor makes ----------------------------------------------------

    /**
     * Where a new entry goes: its real path's text, the folder it goes in (every step a real folder,
     * no link followed) and its name there.
     */
    private record Place(String realText, Folder parent, String name) {}

    private Place placeOf(MemoryPath path) throws IOException {
        String text = path.toAbsolutePath().normalize().toString();
        if (text.equals(ROOT.toString())) {
            throw new FileAlreadyExistsException(path.toString());
        }
        // A folder keyed by its real path is reached through real folders only.
        Folder parent = byRealPath.get(parentText(text)) instanceof Folder f ? f : parentOf(path, text);
        return new Place(text, parent, text.substring(text.lastIndexOf('/') + 1));
    }

    /** The folder a new entry goes in (its absolute text given), name by name: says which step is missing or not a folder. */
    private Folder parentOf(MemoryPath path, String absolute) throws IOException {
        Folder folder = root;
        for (int start = 1, slash = absolute.indexOf('/', start);
                slash >= 0;
                start = slash + 1, slash = absolute.indexOf('/', start)) {
            Node child = folder.children.get(absolute.substring(start, slash));
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

    synchronized void createFolder(MemoryPath path) throws IOException {
        add(path, new Folder());
    }

    synchronized void createLink(MemoryPath path, String target) throws IOException {
        add(path, new Link(target));
    }

    private void add(MemoryPath path, Node node) throws IOException {
        Place place = placeOf(path);
        if (place.parent().children.putIfAbsent(place.name(), node) != null) {
            throw new FileAlreadyExistsException(path.toString());
        }
        byRealPath.put(place.realText(), node);
    }

    /**
     * An option of {@code Files.newOutputStream}: the size the archive's header gives the entry. The
     * file's array is made that size (at most {@link #FIRST_ARRAY_BYTES} before any byte arrives, a
     * header being only a claim) and kept as it is when filled: no growing copies, no copy at close.
     */
    record Expecting(long bytes) implements java.nio.file.OpenOption {}

    private static final int FIRST_ARRAY_BYTES = 1 << 20;

    /** A new file, there once its stream is closed; its name is taken at once, as {@code CREATE_NEW} takes it. */
    synchronized OutputStream createFile(MemoryPath path, long expectedBytes) throws IOException {
        Place place = placeOf(path);
        Folder parent = place.parent();
        String name = place.name();
        if (parent.children.containsKey(name)) {
            throw new FileAlreadyExistsException(path.toString());
        }
        parent.children.put(name, new File(new byte[0], 0));
        byRealPath.put(place.realText(), parent.children.get(name));
        boolean kept = keeps.test(place.realText().substring(1));
        return new OutputStream() {
            private byte[] held = kept ? new byte[(int) Math.max(0, Math.min(expectedBytes, FIRST_ARRAY_BYTES))] : null;
            private long size;
            private boolean closed;

            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                if (held != null) {
                    if (size + len > held.length) {
                        // The limits bound an entry far below 2 GiB (ArchiveLimits): an int array size suffices.
                        long doubled = Math.max(8192, 2L * held.length);
                        held = Arrays.copyOf(
                                held, (int) Math.min(Math.max(size + len, doubled), Integer.MAX_VALUE - 8));
                    }
                    System.arraycopy(b, off, held, (int) size, len);
                }
                size += len;
            }

            @Override
            public void close() {
                if (!closed) {
                    closed = true;
                    synchronized (MemoryFileSystem.this) {
                        // Deleted meanwhile (a damaged entry): stays deleted.
                        if (parent.children.get(name) instanceof File) {
                            File file = new File(
                                    held == null || held.length == size ? held : Arrays.copyOf(held, (int) size), size);
                            parent.children.put(name, file);
                            byRealPath.put(place.realText(), file);
                        }
                    }
                }
            }
        };
    }

    synchronized void delete(MemoryPath path) throws IOException {
        Place place = placeOf(path);
        Node node = place.parent().children.get(place.name());
        if (node == null) {
            throw new NoSuchFileException(path.toString());
        }
        if (node instanceof Folder f && !f.children.isEmpty()) {
            throw new java.nio.file.DirectoryNotEmptyException(path.toString());
        }
        place.parent().children.remove(place.name());
        byRealPath.remove(place.realText());
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
        return MemoryPath.of(
                this, more.length == 0 ? first : Path.of(first, more).toString());
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        PathMatcher matcher = ROOT.getFileSystem().getPathMatcher(syntaxAndPattern);
        return p -> p instanceof MemoryPath m && matcher.matches(m.unix());
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
