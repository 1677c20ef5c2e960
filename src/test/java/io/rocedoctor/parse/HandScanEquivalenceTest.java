package io.rocedoctor.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The hand scans that replaced regular expressions on the parsers' hot paths answer exactly as
 * the expressions did, on text made of the characters that matter to them.
 */
class HandScanEquivalenceTest {

    @Property
    void linesSplitAsTheRegexDidAroundAnyCharacter(@ForAll("lineText") String text) {
        linesSplitAsTheRegexDid(text);
    }

    /** Breaks anywhere in an 8-byte word, and characters above U+00FF (one '?' each, a surrogate pair one) beside them. */
    @Provide
    Arbitrary<String> lineText() {
        return Arbitraries.of(
                        "\n",
                        "\r",
                        "\r\n",
                        "\n\r",
                        " ",
                        "\t",
                        "\u0000",
                        "ab",
                        "rx_pause: 7",
                        "\u00e9",
                        "\u2028",
                        "\ud83d\ude00")
                .list()
                .ofMaxSize(40)
                .map(pieces -> String.join("", pieces));
    }

    @Property
    void linesSplitAsTheRegexDid(@ForAll("text") String text) {
        List<String> expected = new ArrayList<>();
        // NULs ending the text are no part of it (a file read with its string terminator).
        String body = text.replaceAll("\\x00+\\z", "");
        if (!body.isEmpty()) {
            for (String raw : body.split("\r?\n|\r", -1)) {
                expected.add(raw.stripTrailing());
            }
            if (expected.get(expected.size() - 1).isEmpty()) {
                expected.remove(expected.size() - 1);
            }
        }
        assertThat(TextLines.of(text).all()).isEqualTo(expected);
    }

    /**
     * A line's bounds in the text are its content, and noise is told, noted and blanked as each
     * line String, split by the expression, tells it.
     */
    @Property
    void linesBoundsAndNoiseAreThoseOfEachLine(@ForAll("noisyText") String text) {
        TextLines lines = TextLines.of(text);
        List<String> expected = new ArrayList<>();
        List<LineNote> notes = new ArrayList<>();
        String body = text.replaceAll("\\x00+\\z", "");
        if (!body.isEmpty()) {
            for (String raw : body.split("\r?\n|\r", -1)) {
                expected.add(raw.stripTrailing());
            }
            if (expected.get(expected.size() - 1).isEmpty()) {
                expected.remove(expected.size() - 1);
            }
        }
        for (int i = 0; i < expected.size(); i++) {
            String reason = TextLines.noise(expected.get(i));
            if (reason != null) {
                notes.add(new LineNote(
                        i + 1,
                        "skipped '" + TextLines.abbreviate(expected.get(i).strip()) + "': " + reason));
                expected.set(i, "");
            }
        }
        assertThat(lines.all()).isEqualTo(expected);
        assertThat(lines.notes()).isEqualTo(notes);
        assertThat(lines.isBlank()).isEqualTo(expected.stream().allMatch(String::isBlank));
        for (int n = 1; n <= lines.size(); n++) {
            String content = lines.text().substring(lines.contentStartOf(n), lines.endOf(n));
            assertThat(content).isEqualTo(expected.get(n - 1).strip());
            assertThat(lines.text().substring(0, lines.endOf(n))).endsWith(expected.get(n - 1));
        }
    }

    @Provide
    Arbitrary<String> noisyText() {
        return Arbitraries.of(
                        "\n",
                        "\r\n",
                        "\r",
                        " ",
                        "        ",
                        "\t",
                        "\u000b\f",
                        "\u001c",
                        "\u0085",
                        "\u2028",
                        "\u2003",
                        "\u00a0",
                        "\ud83d\ude00",
                        "?",
                        // pieces of 1 and 3 characters, so that breaks fall at every place of an 8-byte word
                        "x",
                        "abc",
                        "rx_pause: 7",
                        "WARNING: lldpad",
                        "lspci: Unable to load libkmod resources: error -2",
                        "bash: ethtool: command not found",
                        "\u0000")
                .list()
                .ofMaxSize(60)
                .map(pieces -> String.join("", pieces));
    }

    @Property
    void wordsOfATrimmedLineAreTheRegexSplit(@ForAll("text") String text) {
        String trimmed = text.trim();
        List<String> expected = trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+"));
        assertThat(TextLines.words(trimmed)).isEqualTo(expected);
    }

    @Property
    void abbreviationReplacesControlCharactersAsTheRegexDid(@ForAll("text") String text) {
        String clean = text.replaceAll("\\p{Cntrl}", "?");
        String expected = clean.length() <= 60 ? clean : clean.substring(0, 57) + "...";
        assertThat(TextLines.abbreviate(text)).isEqualTo(expected);
    }

    @Property
    void triggerTypesAreRecognisedAsTheRegexDid(@ForAll("token") String token) {
        boolean expected = Pattern.compile("(?i)(?:.*-)?(?:edge|level|fasteoi)")
                .matcher(token)
                .matches();
        assertThat(ProcInterruptsParser.isTrigger(token)).isEqualTo(expected);
    }

    @Property
    void ringCountersAreRenamedAsTheRegexDid(@ForAll("ringName") String name) {
        Matcher ring = Pattern.compile("\\[(\\d+)]:\\s*(\\S+)").matcher(name);
        String expected = ring.matches() ? ring.group(2) + "[" + ring.group(1) + "]" : name;
        assertThat(EthtoolStatsParser.ringCounterName(name)).isEqualTo(expected);
    }

    @Property
    void leadingWhiteSpaceChangesNoNoise(@ForAll("noisyLine") String line) {
        assertThat(TextLines.noise(line)).isEqualTo(TextLines.noise(line.strip()));
    }

    @Test
    void everyKindOfNoiseIsToldByItsFirstCharacterIndentedOrNot() {
        for (String noise : List.of(
                "lspci: Unable to load libkmod resources: error -2",
                "pcilib: sysfs_read_vpd: read failed: No such device",
                "setpci: Warning: No devices selected",
                "lscpu: failed to determine number of CPUs",
                "numactl: This system does not support NUMA policy",
                "mlnx_qos: ignored",
                "Conflicting CPU frequency values detected: 800.000000 != 3177.498000. CPU Frequency is not max.",
                "WARNING: the driver does not report the link speed",
                "-W- Missing device",
                "****** WARNING: lldpad service is running and may overwrite your settings ******",
                "bash: ethtool: command not found",
                "-bash: mlnx_qos: command not found",
                "/bin/sh: line 1: show_gids: command not found",
                "sh: 1: ibdev2netdev: not found",
                "dash: 1: mlxlink: not found",
                "sudo: rdma: command not found",
                "zsh: command not found: ethtool")) {
            assertThat(TextLines.noise(noise)).as(noise).isNotNull();
            assertThat(TextLines.noise(" \t " + noise)).as(noise).isNotNull();
        }
        for (String output : List.of(
                "lspci_vpd: 3",
                "     rx_packets: 845320277",
                "Capabilities: [48] Vital Product Data",
                "Conflicting",
                "WARNING",
                "-W-",
                "*** no warning ***",
                "mlnx_qos ok",
                "bash: ethtool",
                "sh: 1: ethtool: Permission denied",
                "bond0: command not found",
                "zsh: ethtool")) {
            assertThat(TextLines.noise(output)).as(output).isNull();
        }
    }

    @Test
    void whiteSpaceIsCharacterIsWhitespaceForEveryCharacter() {
        for (char c = 0; c < Character.MAX_VALUE; c++) {
            assertThat(TextLines.isWhitespace(c)).as("U+%04X", (int) c).isEqualTo(Character.isWhitespace(c));
        }
        assertThat(TextLines.isWhitespace(Character.MAX_VALUE)).isFalse();
        assertThat(TextLines.isWhitespace('\u2003')).isTrue();
        assertThat(TextLines.isWhitespace('\u00a0')).isFalse();
    }

    /** A perftest banner line gives the pairs the possessive expressions gave, and none where they matched no line. */
    @Property
    void perftestBannerPairsAreTheExpressions(@ForAll("bannerLine") String line) {
        String pair = "\\s*+([A-Za-z][\\w.*\\-]*+(?: [\\w.*\\-]++)*+)\\s*+:\\s*+(\\S++)";
        List<Map.Entry<String, String>> expected = new ArrayList<>();
        if (Pattern.compile("(?:" + pair + ")++\\s*+").matcher(line).matches()) {
            Matcher m = Pattern.compile(pair).matcher(line);
            while (m.find()) {
                expected.add(Map.entry(TextLines.collapseWhiteSpace(m.group(1)), m.group(2)));
            }
        }
        assertThat(PerftestParser.bannerPairs(line)).isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> bannerLine() {
        return Arbitraries.of(
                        " Dual-port       : OFF",
                        "\t\tDevice         : mlx5_2",
                        "Number of qps",
                        "rdma_cm QPs\t : ON",
                        "Mtu : 4096[B]",
                        " ",
                        "  ",
                        "\t",
                        "\u000b",
                        ":",
                        ": ",
                        "x",
                        "9",
                        "_",
                        "-.*",
                        "\u00e9",
                        "\u00a0",
                        "\u2003",
                        "\ud83d\ude00")
                .list()
                .ofMaxSize(8)
                .map(pieces -> String.join("", pieces).strip());
    }

    /** ip link's header and statistics title lines read as the expressions matched them. */
    @Property
    void ipLinkHeaderAndTitlesAreTheExpressions(@ForAll("ipLinkLine") String line) {
        Matcher header =
                Pattern.compile("(\\d+):\\s+([^:\\s]+):\\s+<([^>]*)>(.*)").matcher(line);
        assertThat(IpLinksParser.Header.of(line))
                .isEqualTo(
                        header.matches()
                                ? new IpLinksParser.Header(
                                        header.group(1), header.group(2), header.group(3), header.group(4))
                                : null);
        Matcher title = Pattern.compile("(RX|TX)(?: errors)?:\\s*(.*)").matcher(line);
        assertThat(IpLinksParser.statisticsTitles(line)).isEqualTo(title.matches() ? title.group(2) : null);
    }

    /** Lines built as a header or a title is, each part drawn from what fits it and what does not. */
    @Provide
    Arbitrary<String> ipLinkLine() {
        Arbitrary<String> index = Arbitraries.of("4", "12", "", "x", "\u0663");
        Arbitrary<String> space = Arbitraries.of(" ", "\t ", "", "\u000b", "\u00a0", "\u2003");
        Arbitrary<String> name = Arbitraries.of("ens1f0np0", "vlan100@ens1f0np0", "", "a b", "\u0085", "\ud83d\ude00");
        Arbitrary<String> flags = Arbitraries.of("<BROADCAST,UP>", "<>", "<UP", "UP>", "<a>b>", "<\u2028>");
        Arbitrary<String> rest =
                Arbitraries.of("", " mtu 9000 qdisc mq", " x\u0085", " \u2028", " \u2029", "\t", ":", " errors: a");
        Arbitrary<String> header = Combinators.combine(index, space, name, space, flags, rest)
                .as((i, s1, n, s2, f, r) -> i + ":" + s1 + n + ":" + s2 + f + r);
        Arbitrary<String> title = Combinators.combine(
                        Arbitraries.of("RX", "TX", "R", "rx"), Arbitraries.of("", " errors", " error", "errors"), rest)
                .as((t, e, r) -> t + e + ":" + r);
        return Arbitraries.oneOf(header, title, title.map(t -> t.replace(":", "")));
    }

    /** lspci's capability sections end where the expression found the next keyword line. */
    @Property
    void nextCapabilityKeywordIsTheExpressionsFind(
            @ForAll("lspciText") String text, @ForAll @IntRange(max = 40) int from) {
        Matcher next =
                Pattern.compile("\\n(?:[A-Z][A-Za-z0-9]{2,}:|Capabilities:)").matcher(text);
        int start = Math.min(from, text.length());
        int expected = next.find(start) ? next.start() : text.length();
        assertThat(LspciParser.nextKeyword(text, start)).isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> lspciText() {
        return Arbitraries.of(
                        "\n",
                        "\n\t",
                        "LnkSta:",
                        "Capabilities:",
                        "Ab:",
                        "AB1:",
                        "A1:",
                        "Ab",
                        "Ab9",
                        ":",
                        " ",
                        "x",
                        "Speed 8GT/s",
                        "\u00c9t:",
                        "\u212aab:",
                        "a")
                .list()
                .ofMaxSize(20)
                .map(pieces -> String.join("", pieces));
    }

    @Test
    void regexSpaceIsTheClassBackslashSForEveryCharacter() {
        Pattern space = Pattern.compile("\\s");
        for (char c = 0; c < Character.MAX_VALUE; c++) {
            assertThat(TextLines.isRegexSpace(c))
                    .as("U+%04X", (int) c)
                    .isEqualTo(space.matcher(String.valueOf(c)).matches());
        }
    }

    @Property
    void wordsSplitAsTheRegexSplitDid(@ForAll("text") String text) {
        assertThat(TextLines.splitWords(text)).containsExactly(text.split("\\s+"));
    }

    @Property
    void aLinesContentIsWhatStripLeaves(@ForAll("text") String text) {
        int start = TextLines.contentStart(text);
        assertThat(text.substring(start, TextLines.contentEnd(text, start))).isEqualTo(text.strip());
    }

    @Property
    void whiteSpaceCollapsesAsTheRegexReplacementDid(@ForAll("text") String text) {
        assertThat(TextLines.collapseWhiteSpace(text)).isEqualTo(text.replaceAll("\\s+", " "));
    }

    @Property
    void shellNoiseIsTheExpressionsMatch(@ForAll("shellLine") String line) {
        answersAsTheRegex(
                TextLines.shellNotFound(line),
                "(?:-?(?:/usr)?(?:/bin/)?(?:ba|da)?sh|sudo)(?::\\s*line\\s+\\d+|:\\s*\\d+)?:\\s*\\S+:\\s*(?:command )?not found"
                        + "|zsh:\\s*command not found:\\s*\\S+",
                line);
    }

    private static void answersAsTheRegex(boolean answer, String regex, String line) {
        assertThat(answer).isEqualTo(Pattern.compile(regex).matcher(line).matches());
    }

    @Provide
    Arbitrary<String> shellLine() {
        Arbitrary<String> shell =
                Arbitraries.of("bash", "-bash", "/bin/sh", "/usr/bin/bash", "dash", "sh", "sudo", "zsh", "net.ipv4");
        Arbitrary<String> where = Arbitraries.of("", ": line 1", ": 12", ":");
        Arbitrary<String> tail = Arbitraries.of(
                ": ethtool: command not found",
                ": ethtool: not found",
                ": command not found: ethtool",
                ": ethtool: command not  found",
                ": ethtool: Permission denied",
                " = not found",
                ".conf.all.arp_ignore = 0",
                ": not found",
                "");
        Arbitrary<String> extra = Arbitraries.strings().withChars(" \t:a").ofMaxLength(3);
        return Combinators.combine(shell, where, tail, extra).as((a, b, c, d) -> a + b + c + d);
    }

    @Property
    void sysctlLinesAreReadAsTheStrippedCopiesWere(@ForAll("sysctlText") String text) {
        Map<String, String> values = new LinkedHashMap<>();
        List<Integer> noted = new ArrayList<>();
        List<String> lines = TextLines.of(text).all();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1).strip();
            if (line.isEmpty() || line.startsWith("sysctl:")) {
                continue;
            }
            int eq = line.indexOf('=');
            String key = eq < 0 ? "" : line.substring(0, eq).strip();
            if (key.isEmpty() || key.contains(" ") || key.contains("\t")) {
                noted.add(n);
                continue;
            }
            values.put(key, line.substring(eq + 1).strip());
        }
        if (TextLines.of(text).isBlank()) {
            return; // empty output: a ParseException, as before
        }
        Parsed<SysctlValues> read;
        try {
            read = new SysctlParser().read(text);
        } catch (ParseException e) {
            assertThat(values)
                    .as("refused, though a line was read: " + e.getMessage())
                    .isEmpty();
            return;
        }
        assertThat(read.value().values()).containsExactlyEntriesOf(values);
        assertThat(read.notes().stream().map(LineNote::line).toList()).containsExactlyElementsOf(noted);
    }

    @Provide
    Arbitrary<String> sysctlText() {
        Arbitrary<String> line = Arbitraries.strings()
                .withChars(" \t\u00a0\u2028=.a1")
                .ofMaxLength(14)
                .edgeCases(e -> e.add("net.core.a = 1", " net.core.b\t=\t4096\t131072 ", "= 2", "a b = 3", "k ="));
        return line.list().ofMaxSize(6).map(l -> String.join("\n", l));
    }

    @Property
    void ipLinkAddressesAndKindWordsAreTheRegexMatch(@ForAll("linkWord") String text) {
        assertThat(IpLinksParser.isAddress(text)).isEqualTo(text.matches("[0-9a-fA-F:.]+"));
        assertThat(IpLinksParser.startsWithKindWord(text)).isEqualTo(text.matches("[a-z][a-z0-9_]*\\s.*"));
    }

    @Property
    void rssTableRowsAreTheRegexMatch(@ForAll("rssRow") String line) {
        Matcher row = Pattern.compile("(\\d+):((?:\\s+\\d+)*)").matcher(line);
        List<String> expected = null;
        if (row.matches()) {
            expected = new ArrayList<>();
            for (String q : TextLines.splitWords(row.group(2).strip())) {
                if (!q.isEmpty()) {
                    expected.add(q);
                }
            }
        }
        assertThat(RssIndirectionParser.rowQueues(line)).isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> rssRow() {
        return Arbitraries.strings()
                .withChars("0189: \t\u000B\u00a0\u0663x")
                .ofMaxLength(16)
                .edgeCases(e -> e.add("8:     8     9    10", "0:", "12:3", ":1", "1: 2 ", "1:\t2\u000B3"));
    }

    @Property
    void toolRefusalsAreTheRegexMatch(@ForAll("refusalLine") String line) {
        answersAsTheRegex(
                ToolOutput.isRefusal(line),
                "(?i)^(Cannot |netlink error|ethtool: bad command|.*command not found"
                        + "|.*No such device|.*does not exist|.*Operation not supported|.*No such file or directory).*",
                line);
    }

    @Provide
    Arbitrary<String> refusalLine() {
        Arbitrary<String> junk =
                Arbitraries.strings().withChars(" aK\u212A\u0131\u2028\u0085:-").ofMaxLength(4);
        Arbitrary<String> refusal = Arbitraries.of(
                "Cannot ",
                "netlink error",
                "ethtool: bad command",
                "command not found",
                "No such device",
                "does not exist",
                "Operation not supported",
                "No such file or directory",
                "Cannot",
                "no such devic",
                "Device \"x\" does not exist.");
        // ASCII letters in either case match; the Kelvin sign and the dotless i, which fold to k and I, do not
        Arbitrary<String> spelled = Arbitraries.oneOf(
                refusal,
                refusal.map(r -> r.toUpperCase(java.util.Locale.ROOT)),
                refusal.map(r -> r.replace('k', '\u212A')),
                refusal.map(r -> r.replace("i", "\u0131")));
        return Combinators.combine(junk, spelled, junk).as((a, r, b) -> a + r + b);
    }

    @Provide
    Arbitrary<String> linkWord() {
        return Arbitraries.strings()
                .withChars("az09_AFgG:. \t\u000B\u0085\u2028\u2029\u00a0-")
                .ofMaxLength(12)
                .edgeCases(e -> e.add("bond_slave state ACTIVE", "0c:42:a1:5e:77:10", "vlan protocol", "a\u2028 b"));
    }

    @Property
    void plainDigitsAreTheCounterParseOrLeftToIt(@ForAll("counterValue") String value) throws ParseException {
        long digits = EthtoolStatsParser.plainDigits(
                TextLines.latin1(value), 0, value.stripTrailing().length());
        if (digits >= 0) {
            assertThat(digits).isEqualTo(TextLines.parseCounter(value.strip(), 1, () -> "counter"));
        } else if (value.chars().allMatch(c -> c <= 0xFF)) { // one above is a '?' in the bytes: always left to it
            assertThat(value.strip()).doesNotMatch("[0-9]{1,18}");
        }
    }

    @Provide
    Arbitrary<String> counterValue() {
        return Arbitraries.strings()
                .withChars(" \t\u00a00123456789+-x?\u0663\u2003")
                .ofMaxLength(22)
                .edgeCases(e ->
                        e.add(" 845320277", " 999999999999999999", " 9999999999999999999", " 18446744073709551615"));
    }

    @Provide
    Arbitrary<String> noisyLine() {
        Arbitrary<String> space =
                Arbitraries.strings().withChars(" \t\u2028\u00a0\u000B").ofMaxLength(3);
        Arbitrary<String> start = Arbitraries.of(
                "lspci: ",
                "pcilib: ",
                "setpci: ",
                "lscpu: ",
                "numactl: ",
                "mlnx_qos: ",
                "mlnx_qos:",
                "Conflicting CPU frequency values detected",
                "WARNING:",
                "WARNING",
                "-W- ",
                "-W-",
                "*** WARNING ***",
                "***",
                "rx_packets: 3",
                "Lspci: ",
                "");
        Arbitrary<String> tail = Arbitraries.strings().withChars("aW: *\t").ofMaxLength(8);
        return Combinators.combine(space, start, tail).as((a, b, c) -> a + b + c);
    }

    @Provide
    Arbitrary<String> text() {
        return Arbitraries.strings()
                .withChars(" \t\n\r\u000B\f\u0085\u2028\u00a0\u007f\u0000a:-")
                .ofMaxLength(80);
    }

    @Provide
    Arbitrary<String> token() {
        Arbitrary<String> noise = Arbitraries.strings()
                .withChars("-aeEdgGlLvVfFsStToOiI\u0131\u017f\u0085\u2028 ")
                .ofMaxLength(6);
        Arbitrary<String> trigger = Arbitraries.of("edge", "EDGE", "Level", "fasteoi", "FastEOI", "edg", "lEvel");
        return Combinators.combine(noise, trigger, noise)
                .as((a, t, b) -> a + t + b)
                .injectDuplicates(0.1)
                .edgeCases(e -> e.add("IR-PCI-MSI-fasteoi"));
    }

    @Provide
    Arbitrary<String> ringName() {
        return Arbitraries.strings()
                .withChars("[]:0123\u0663 \t\u000Bxr_\u00a0")
                .ofMaxLength(14)
                .edgeCases(e -> e.add("[0]: rx_packets"));
    }
}
