package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An archive read in memory answers as the same files on disk would: links resolved as the kernel
 * resolves them, nothing written through a link, and every fixture bundle indexed and read alike
 * from its folder and from its {@code .tar.gz}.
 */
class MemoryFileSystemTest {
    @TempDir
    Path tmp;

    private static MemoryPath tree() throws IOException {
        MemoryPath top = (MemoryPath)
                new MemoryFileSystem(name -> !name.endsWith(".log")).root().resolve("archive");
        Files.createDirectory(top);
        Files.createDirectories(top.resolve("fs/sys/devices/pci0000:00/0000:00:01.0/net/eth0"));
        write(top.resolve("fs/sys/devices/pci0000:00/0000:00:01.0/net/eth0/mtu"), "9000\n");
        Files.createDirectories(top.resolve("fs/sys/class/net"));
        Files.createSymbolicLink(
                top.resolve("fs/sys/class/net/eth0"), Path.of("../../devices/pci0000:00/0000:00:01.0/net/eth0"));
        return top;
    }

    private static void write(Path file, String text) throws IOException {
        try (OutputStream out = Files.newOutputStream(file, java.nio.file.StandardOpenOption.CREATE_NEW)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aPathThatIsNotThereIsANoSuchFileExceptionNamingItWithoutTheCostOfAStackTrace() throws IOException {
        MemoryPath top = tree();
        assertThatThrownBy(() -> Files.readAttributes(
                        top.resolve("fs/sys/class/net/eth1"),
                        java.nio.file.attribute.BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessage("/archive/fs/sys/class/net/eth1")
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
        assertThat(Files.readAttributes(
                                top.resolve("fs/sys/class/net/eth0"),
                                java.nio.file.attribute.BasicFileAttributes.class,
                                LinkOption.NOFOLLOW_LINKS)
                        .isSymbolicLink())
                .as("the one beside it is there")
                .isTrue();
    }

    @Test
    void linksAreResolvedAsTheKernelResolvesThem() throws IOException {
        MemoryPath top = tree();
        Path mtu = top.resolve("fs/sys/class/net/eth0/mtu");
        assertThat(Files.readString(mtu)).isEqualTo("9000\n");
        assertThat(mtu.toRealPath()).isEqualTo(top.resolve("fs/sys/devices/pci0000:00/0000:00:01.0/net/eth0/mtu"));
        assertThat(Files.isSymbolicLink(top.resolve("fs/sys/class/net/eth0"))).isTrue();
        assertThat(Files.isDirectory(top.resolve("fs/sys/class/net/eth0"))).isTrue();
        assertThat(Files.isDirectory(top.resolve("fs/sys/class/net/eth0"), LinkOption.NOFOLLOW_LINKS))
                .isFalse();
        // ".." after a link is the parent of where the link leads, not of the link.
        assertThat(top.resolve("fs/sys/class/net/eth0/..").toRealPath())
                .isEqualTo(top.resolve("fs/sys/devices/pci0000:00/0000:00:01.0/net"));
        assertThat(Files.exists(top.resolve("fs/sys/class/net/eth1"))).isFalse();
        try (Stream<Path> listed = Files.list(top.resolve("fs/sys/class/net/eth0"))) {
            assertThat(listed).containsExactly(top.resolve("fs/sys/class/net/eth0/mtu"));
        }
    }

    /** Lookups by a path's whole text (one hash) answer as the walk name by name would. */
    @Test
    void aPathIsFoundByItsTextWhateverWasWrittenDeletedOrLinkedOnTheWay() throws IOException {
        MemoryPath top = tree();
        Path eth0 = top.resolve("fs/sys/devices/pci0000:00/0000:00:01.0/net/eth0");
        write(eth0.resolve(".hidden"), "h");
        write(eth0.resolve("..x"), "x");
        assertThat(Files.readString(eth0.resolve(".hidden"))).isEqualTo("h");
        assertThat(Files.readString(top.resolve("fs/sys/class/net/eth0/..x"))).isEqualTo("x");
        assertThat(Files.readString(top.resolve("fs/./sys/../sys/class/net/eth0/mtu")))
                .isEqualTo("9000\n");

        Path speed = eth0.resolve("speed");
        OutputStream open = Files.newOutputStream(speed, java.nio.file.StandardOpenOption.CREATE_NEW);
        assertThat(Files.size(speed)).as("taken at once, empty until closed").isZero();
        open.write("25000\n".getBytes(StandardCharsets.UTF_8));
        open.close();
        assertThat(Files.readString(top.resolve("fs/sys/class/net/eth0/speed"))).isEqualTo("25000\n");

        Files.delete(speed);
        assertThatThrownBy(() -> Files.size(speed)).isInstanceOf(NoSuchFileException.class);
        assertThat(Files.exists(top.resolve("fs/sys/class/net/eth0/speed"))).isFalse();
        Files.createDirectory(speed);
        assertThat(Files.isDirectory(top.resolve("fs/sys/class/net/eth0/speed")))
                .isTrue();

        OutputStream dropped =
                Files.newOutputStream(eth0.resolve("partial"), java.nio.file.StandardOpenOption.CREATE_NEW);
        Files.delete(eth0.resolve("partial"));
        dropped.close();
        assertThat(Files.exists(eth0.resolve("partial")))
                .as("deleted while written: stays deleted")
                .isFalse();

        assertThatThrownBy(() -> Files.size(eth0.resolve("mtu/below")))
                .as("a name below a file")
                .isInstanceOf(java.nio.file.NotDirectoryException.class);
        assertThatThrownBy(() -> Files.size(top.resolve("fs/sys/class/net/eth0/absent")))
                .as("a miss through a link")
                .isInstanceOf(NoSuchFileException.class)
                .hasMessage("/archive/fs/sys/class/net/eth0/absent");
    }

    /** The size an archive's header claims sizes the file's array; the bytes written are what is read. */
    @Test
    void aFileHoldsTheBytesWrittenWhateverSizeWasExpected() throws IOException {
        MemoryPath top = tree();
        byte[] data = new byte[100_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) ('a' + i % 26);
        }
        long[] claims = {data.length, 10, data.length + 5, 0, -1, 1L << 40};
        for (int i = 0; i < claims.length; i++) {
            Path file = top.resolve("fs/claimed-" + i);
            try (OutputStream out = Files.newOutputStream(
                    file, java.nio.file.StandardOpenOption.CREATE_NEW, new MemoryFileSystem.Expecting(claims[i]))) {
                out.write(data, 0, 60_000);
                out.write(data[60_000]);
                out.write(data, 60_001, data.length - 60_001);
            }
            assertThat(Files.readAllBytes(file))
                    .as("claimed %d bytes", claims[i])
                    .isEqualTo(data);
            assertThat(Files.size(file)).isEqualTo(data.length);
        }
    }

    @Test
    void aLoopOfLinksEndsAfterFortyLinksAsTheKernelsDoes() throws IOException {
        MemoryPath top = tree();
        Files.createSymbolicLink(top.resolve("a"), Path.of("b"));
        Files.createSymbolicLink(top.resolve("b"), Path.of("a"));
        assertThatThrownBy(() -> top.resolve("a/x").toRealPath())
                .isInstanceOf(FileSystemException.class)
                .hasMessageContaining("Too many levels of symbolic links");
        Files.createSymbolicLink(top.resolve("self"), Path.of("."));
        assertThat(top.resolve("self/self/self/fs/sys/class/net/eth0/mtu").toRealPath())
                .isEqualTo(top.resolve("fs/sys/devices/pci0000:00/0000:00:01.0/net/eth0/mtu"));
    }

    @Test
    void nothingIsWrittenThroughALinkNorOverAnythingThere() throws IOException {
        MemoryPath top = tree();
        assertThatThrownBy(() -> write(top.resolve("fs/sys/class/net/eth0/new"), "x"))
                .isInstanceOf(FileSystemException.class)
                .hasMessageContaining("nothing is written through a link");
        assertThatThrownBy(() -> Files.createDirectory(top.resolve("fs/sys/class/net/eth0/sub")))
                .isInstanceOf(FileSystemException.class);
        assertThatThrownBy(() -> write(top.resolve("fs/sys/class/net/eth0"), "x"))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThatThrownBy(() -> write(top.resolve("fs/sys/devices/pci0000:00/0000:00:01.0/net/eth0/mtu"), "1500\n"))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThatThrownBy(() -> Files.newOutputStream(top.resolve("fs/other")))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> write(top.resolve("missing/file"), "x")).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void aFileIsReadWithoutACopyAndCannotBeWrittenThroughItsChannel() throws IOException {
        MemoryPath top = tree();
        Path mtu = top.resolve("fs/sys/class/net/eth0/mtu");
        try (java.nio.channels.SeekableByteChannel channel = Files.newByteChannel(mtu)) {
            assertThatThrownBy(() -> channel.write(java.nio.ByteBuffer.wrap("1500\n".getBytes(StandardCharsets.UTF_8))))
                    .isInstanceOf(java.nio.channels.NonWritableChannelException.class);
            assertThatThrownBy(() -> channel.truncate(0))
                    .isInstanceOf(java.nio.channels.NonWritableChannelException.class);
        }
        assertThat(Files.readString(mtu)).isEqualTo("9000\n");
        assertThat(Bundle.readText(mtu)).isEqualTo("9000\n");
    }

    @Test
    void aFileNotKeptHasItsSizeAndCannotBeRead() throws IOException {
        MemoryPath top = tree();
        write(top.resolve("fs/messages.log"), "a long log\n");
        write(top.resolve("fs/messages.txt"), "kept\n");
        assertThat(Files.size(top.resolve("fs/messages.log"))).isEqualTo(11);
        assertThat(Files.isRegularFile(top.resolve("fs/messages.log"))).isTrue();
        assertThatThrownBy(() -> Files.readString(top.resolve("fs/messages.log")))
                .isInstanceOf(FileSystemException.class)
                .hasMessageContaining("fs/messages.log")
                .hasMessageContaining("not kept in memory");
        assertThat(Files.readString(top.resolve("fs/messages.txt"))).isEqualTo("kept\n");
    }

    @Test
    void theReaderKeepsTheFilesItMayReadAndNoOthers() {
        assertThat(BundleReader.mayBeRead("archive/manifest.yaml")).isTrue();
        assertThat(BundleReader.mayBeRead("archive/node-7/samples/1/commands/ethtool_-S_eth0"))
                .isTrue();
        assertThat(BundleReader.mayBeRead("archive/sosreport-h-2026-01-01-abc/sos_commands/networking/ethtool_-S_eth0"))
                .isTrue();
        assertThat(BundleReader.mayBeRead("archive/sosreport-h-2026-01-01-abc/proc/interrupts"))
                .isTrue();
        assertThat(BundleReader.mayBeRead("archive/sosreport-h-2026-01-01-abc/sys/class/net/eth0/mtu"))
                .isTrue();
        assertThat(BundleReader.mayBeRead("archive/sosreport-h-2026-01-01-abc/hostname"))
                .isTrue();
        // Near misses: a sosreport's log, a copy of /etc the source table does not name, a file beside the manifest.
        assertThat(BundleReader.mayBeRead("archive/sosreport-h-2026-01-01-abc/var/log/messages"))
                .isFalse();
        assertThat(BundleReader.mayBeRead("archive/sosreport-h-2026-01-01-abc/etc/passwd"))
                .isFalse();
        assertThat(BundleReader.mayBeRead("archive/node-7/notes.txt")).isFalse();
        // A sysinfo-snapshot under any folder name: its page, the files it links beside it, its folders.
        assertThat(BundleReader.mayBeRead("upload/snap/sysinfo-snapshot-v3.7.9.9-h-20261120-101500.html"))
                .isTrue();
        assertThat(BundleReader.mayBeRead("upload/sysinfo-snapshot-v3.7.9.9-h-20261120-101500/sysctl_a"))
                .isTrue();
        assertThat(BundleReader.mayBeRead("upload/snap/var/log/messages")).isFalse();
        assertThat(BundleReader.mayBeRead("upload/snap/commands_txt_output/ethtool_-S_ens1f0np0.txt"))
                .isTrue();
        assertThat(BundleReader.mayBeRead("upload/snap/err_messages/dmesg.log")).isFalse();
    }

    /** Every fixture bundle, read from its folder and from a .tar.gz of it: the same sources, captures, texts and notes. */
    @Test
    void everyFixtureReadsAlikeFromItsFolderAndFromItsTarball() throws Exception {
        List<Path> fixtures;
        try (Stream<Path> s = Files.list(Path.of("fixtures/bundles"))) {
            fixtures = s.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(fixtures).hasSizeGreaterThan(20);
        for (Path fixture : fixtures) {
            Path archive = tarGz(fixture, tmp.resolve(fixture.getFileName() + ".tar.gz"));
            try (Bundle folder = new BundleReader().read(fixture);
                    Bundle memory = new BundleReader().read(archive)) {
                assertThat(describe(memory)).as(fixture.toString()).isEqualTo(describe(folder));
            }
        }
    }

    private static List<String> describe(Bundle b) throws IOException {
        List<String> out = new ArrayList<>();
        out.add(b.host() + " " + b.layout() + " " + b.collector() + " " + b.sampleCount() + " "
                + b.switchRoots().keySet());
        out.addAll(b.refusals());
        out.addAll(b.unknownFiles());
        for (Source s : b.allSources()) {
            for (Capture c : b.samplesOf(s)) {
                out.add(s.display() + " #" + c.sample() + " " + c.relativePath() + " " + c.exitCode() + " " + c.error()
                        + " " + (c.collected() ? b.read(c).hashCode() : "-"));
            }
        }
        for (var sw : b.switchRoots().entrySet()) {
            SwitchDump dump = SwitchDumpReader.read(sw.getValue());
            out.add(sw.getKey() + " " + dump.platform() + " " + dump.problems());
            for (SwitchSource s : dump.sources()) {
                out.add(sw.getKey() + " " + s + " "
                        + dump.text(s, 0).map(String::hashCode).orElse(0));
            }
        }
        return out;
    }

    /** The folder as a tarball wrapped in its own name, links kept as links, as `tar -czf x.tar.gz DIR` makes it. */
    private static Path tarGz(Path folder, Path file) throws IOException {
        try (TarArchiveOutputStream tar =
                        new TarArchiveOutputStream(new GzipCompressorOutputStream(Files.newOutputStream(file)));
                Stream<Path> walk = Files.walk(folder)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Path p : walk.sorted().toList()) {
                String name = folder.getFileName() + "/" + folder.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    TarArchiveEntry e = new TarArchiveEntry(name, TarConstants.LF_SYMLINK);
                    e.setLinkName(Files.readSymbolicLink(p).toString());
                    tar.putArchiveEntry(e);
                } else if (Files.isDirectory(p)) {
                    tar.putArchiveEntry(new TarArchiveEntry(name + "/"));
                } else {
                    byte[] bytes = Files.readAllBytes(p);
                    TarArchiveEntry e = new TarArchiveEntry(name);
                    e.setSize(bytes.length);
                    tar.putArchiveEntry(e);
                    tar.write(bytes);
                }
                tar.closeArchiveEntry();
            }
        }
        return file;
    }
}
