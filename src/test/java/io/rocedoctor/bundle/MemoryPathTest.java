package io.rocedoctor.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A path of an archive read in memory answers every question on names as the default file
 * system's path of the same text does, whatever the text: empty, the root, repeated and trailing
 * slashes, dot names, names with dots in them, characters outside ASCII.
 */
class MemoryPathTest {
    private static final MemoryFileSystem FS = new MemoryFileSystem(name -> true);

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of("a", "b", "ab", "é", ".", "..", "...", ".a", "a.", "/", "/", "//")
                .list()
                .ofMaxSize(7)
                .map(parts -> String.join("", parts));
    }

    private static String shown(Object o) {
        return String.valueOf(o);
    }

    @Property(tries = 2000)
    void aPathsNamesAreThoseOfTheDefaultFileSystem(@ForAll("texts") String text) {
        Path memory = FS.getPath(text);
        Path unix = Path.of(text);
        assertThat(memory.toString()).isEqualTo(unix.toString());
        assertThat(memory.isAbsolute()).isEqualTo(unix.isAbsolute());
        assertThat(shown(memory.getRoot())).isEqualTo(shown(unix.getRoot()));
        assertThat(shown(memory.getFileName())).isEqualTo(shown(unix.getFileName()));
        assertThat(shown(memory.getParent())).isEqualTo(shown(unix.getParent()));
        assertThat(memory.getNameCount()).isEqualTo(unix.getNameCount());
        assertThat(shown(memory.normalize())).isEqualTo(shown(unix.normalize()));
        assertThat(shown(memory.toAbsolutePath())).isEqualTo(shown(Path.of("/").resolve(unix)));
        for (int i = 0; i < unix.getNameCount(); i++) {
            assertThat(shown(memory.getName(i))).isEqualTo(shown(unix.getName(i)));
        }
    }

    @Property(tries = 3000)
    void twoPathsRelateAsOnTheDefaultFileSystem(@ForAll("texts") String first, @ForAll("texts") String second) {
        Path a = FS.getPath(first);
        Path b = FS.getPath(second);
        Path ua = Path.of(first);
        Path ub = Path.of(second);
        assertThat(shown(a.resolve(b))).isEqualTo(shown(ua.resolve(ub)));
        assertThat(shown(a.resolve(second))).isEqualTo(shown(ua.resolve(second)));
        assertThat(a.startsWith(b)).as("startsWith").isEqualTo(ua.startsWith(ub));
        assertThat(a.endsWith(b)).as("endsWith").isEqualTo(ua.endsWith(ub));
        assertThat(a.equals(b)).isEqualTo(ua.equals(ub));
        assertThat(Integer.signum(a.compareTo(b))).isEqualTo(Integer.signum(ua.compareTo(ub)));
        String relative;
        try {
            relative = shown(ua.relativize(ub));
        } catch (IllegalArgumentException e) {
            relative = "refused";
        }
        String memoryRelative;
        try {
            memoryRelative = shown(a.relativize(b));
        } catch (IllegalArgumentException e) {
            memoryRelative = "refused";
        }
        assertThat(memoryRelative).as("relativize").isEqualTo(relative);
    }
}
