package io.rocedoctor.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/** Packs a directory bundle as a customer would send it: a tar.gz with one wrapping folder. */
public final class Tarballs {
    private Tarballs() {}

    public static void write(Path bundle, Path tgz) throws IOException {
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GZIPOutputStream(Files.newOutputStream(tgz)));
                var files = Files.walk(bundle)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                byte[] bytes = Files.readAllBytes(p);
                TarArchiveEntry e = new TarArchiveEntry(
                        "bundle/" + bundle.relativize(p).toString().replace('\\', '/'));
                e.setSize(bytes.length);
                tar.putArchiveEntry(e);
                tar.write(bytes);
                tar.closeArchiveEntry();
            }
        }
    }
}
