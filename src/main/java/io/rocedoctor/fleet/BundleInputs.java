package io.rocedoctor.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The bundles named on the command line: a bundle (folder or archive) counts as one; a folder
 * that is not itself a bundle but holds bundles (folders or archives) counts as each of them, in
 * name order. Anything else is passed on unchanged, for the reader to refuse with its reason.
 */
public final class BundleInputs {
    private static final List<String> ARCHIVES =
            List.of(".tar.gz", ".tgz", ".tar", ".tar.xz", ".txz", ".tar.bz2", ".zip");

    private BundleInputs() {}

    public static List<Path> expand(List<Path> named) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : named) {
            if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) || looksLikeBundle(p)) {
                out.add(p);
                continue;
            }
            List<Path> inside;
            try (Stream<Path> s = Files.list(p)) {
                inside = s.filter(BundleInputs::isBundle).sorted().toList();
            }
            if (inside.isEmpty()) {
                out.add(p);
            } else {
                out.addAll(inside);
            }
        }
        return out;
    }

    private static boolean isBundle(Path p) {
        if (p.getFileName().toString().startsWith(".")) {
            return false;
        }
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            return looksLikeBundle(p);
        }
        String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                && ARCHIVES.stream().anyMatch(name::endsWith);
    }

    /** What the reader takes for a bundle root: a manifest, commands/, fs/, sos_commands/ or a sysinfo-snapshot's pages. */
    private static boolean looksLikeBundle(Path dir) {
        return io.rocedoctor.bundle.BundleReader.isBundleRoot(dir);
    }
}
