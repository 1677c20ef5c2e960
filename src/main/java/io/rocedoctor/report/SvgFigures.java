package io.rocedoctor.report;

import io.rocedoctor.engine.RuleLayer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The HTML report's pictures, drawn as inline SVG from {@link FigureData}: nothing is loaded from
 * anywhere, and every label goes through {@link Html}'s escaping. Each picture is a
 * {@code <figure data-figure="KIND">}; a picture whose data the bundle lacks is not drawn.
 */
final class SvgFigures {
    /** One colour per NUMA node (cycled past eight); grey for a CPU of unknown node. */
    private static final List<String> NODE_COLOURS =
            List.of("#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f");

    private static final String UNKNOWN = "#9e9e9e";
    private static final String BAR = "#4e79a7";
    private static final String HOT = "#c0392b";
    private static final String TRACK = "#eceff1";
    private static final String INK = "#263238";

    private SvgFigures() {}

    /** Each picture with the rule layers whose findings it shows, in the order drawn when no finding says otherwise. */
    private enum Picture {
        PATH_SHARES(RuleLayer.MULTIPATH, RuleLayer.TRANSPORT) {
            @Override
            void draw(Html h, FigureData f) {
                pathShares(h, f.pathShares());
            }
        },
        INTERRUPTS(RuleLayer.IRQ, RuleLayer.QUEUES) {
            @Override
            void draw(Html h, FigureData f) {
                f.interrupts().forEach(spread -> interrupts(h, spread));
            }
        },
        PAUSE(RuleLayer.CONGESTION, RuleLayer.HOST_QOS) {
            @Override
            void draw(Html h, FigureData f) {
                pause(h, f.pause());
            }
        },
        PCIE(RuleLayer.PCIE) {
            @Override
            void draw(Html h, FigureData f) {
                f.pcie().forEach(ceiling -> pcie(h, ceiling));
            }
        },
        LINKS(RuleLayer.END_TO_END, RuleLayer.SWITCH_QOS) {
            @Override
            void draw(Html h, FigureData f) {
                links(h, f.links());
            }
        };

        private final Set<RuleLayer> layers;

        Picture(RuleLayer... layers) {
            this.layers = Set.of(layers);
        }

        abstract void draw(Html h, FigureData f);

        /** Where the first of {@code layers} this picture shows stands; past the end when none. */
        int rank(List<RuleLayer> layers) {
            for (int i = 0; i < layers.size(); i++) {
                if (this.layers.contains(layers.get(i))) {
                    return i;
                }
            }
            return layers.size();
        }
    }

    /**
     * Every picture the figures have data for, the picture of the first layer in {@code layers}
     * (the findings' layers, most telling first: root causes by severity, then their symptoms)
     * first, so the root cause's picture leads; pictures no finding points at keep their order after.
     */
    static void all(Html h, FigureData f, List<RuleLayer> layers) {
        Arrays.stream(Picture.values())
                .sorted(Comparator.comparingInt(p -> p.rank(layers)))
                .forEach(p -> p.draw(h, f));
    }

    /** Per multi-path group, each member's share of the bytes per direction against an even split. */
    static void pathShares(Html h, List<FigureData.PathShares> shares) {
        Map<String, List<FigureData.PathShares>> byGroup = new LinkedHashMap<>();
        shares.forEach(
                s -> byGroup.computeIfAbsent(s.group(), k -> new ArrayList<>()).add(s));
        int label = 160;
        int bar = 380;
        int row = 22;
        for (Map.Entry<String, List<FigureData.PathShares>> group : byGroup.entrySet()) {
            int rows = group.getValue().stream()
                    .mapToInt(s -> s.shares().size() + 1)
                    .sum();
            int height = rows * row + 16;
            begin(h, "path-shares", 640, height, "Traffic share per port of " + group.getKey());
            int y = 8;
            for (FigureData.PathShares s : group.getValue()) {
                double even = 1.0 / Math.max(1, s.shares().size());
                h.element(
                        "text",
                        s.direction() + (s.sinceBoot() ? " (since boot)" : " (between samples)"),
                        "x",
                        "0",
                        "y",
                        num(y + 15),
                        "font-weight",
                        "bold",
                        "fill",
                        INK);
                h.element(
                        "text",
                        "even split " + percent(even),
                        "x",
                        num(label + bar * even + 4),
                        "y",
                        num(y + 15),
                        "font-size",
                        "11",
                        "fill",
                        INK);
                y += row;
                int first = y;
                for (Map.Entry<String, Double> member : s.shares().entrySet()) {
                    double share = member.getValue();
                    h.element("text", member.getKey(), "x", "8", "y", num(y + 15), "fill", INK);
                    h.empty("rect", "x", num(label), "y", num(y + 4), "width", num(bar), "height", "14", "fill", TRACK);
                    h.open(
                                    "rect",
                                    "x",
                                    num(label),
                                    "y",
                                    num(y + 4),
                                    "width",
                                    num(bar * share),
                                    "height",
                                    "14",
                                    "fill",
                                    share > 1.5 * even ? HOT : BAR)
                            .element("title", member.getKey() + ": " + percent(share))
                            .close("rect");
                    h.element("text", percent(share), "x", num(label + bar + 8), "y", num(y + 15), "fill", INK);
                    y += row;
                }
                h.empty(
                        "line",
                        "x1",
                        num(label + bar * even),
                        "x2",
                        num(label + bar * even),
                        "y1",
                        num(first),
                        "y2",
                        num(y),
                        "stroke",
                        INK,
                        "stroke-dasharray",
                        "4 3");
            }
            end(h, "How " + group.getKey() + "'s bytes spread over its ports; red: more than 1.5 times an even share.");
        }
    }

    /** One NIC's interrupts per CPU, each bar coloured by the CPU's NUMA node; the NIC's node is shaded. */
    static void interrupts(Html h, FigureData.InterruptSpread spread) {
        int left = 60;
        int plotW = 720;
        int top = 30;
        int plotH = 150;
        List<FigureData.CpuInterrupts> cpus = spread.cpus();
        double bw = (double) plotW / Math.max(1, cpus.size());
        long max = Math.max(
                1,
                cpus.stream()
                        .mapToLong(FigureData.CpuInterrupts::interrupts)
                        .max()
                        .orElse(1));
        begin(h, "interrupts", left + plotW + 20, top + plotH + 44, "Interrupts per CPU of NIC " + spread.nic());
        h.element(
                "text",
                "NIC " + spread.nic()
                        + (spread.nicNode() == null
                                ? ": NUMA node unknown"
                                : " on NUMA node " + spread.nicNode() + " (shaded)")
                        + (spread.sinceBoot() ? ", since boot" : ""),
                "x",
                num(left),
                "y",
                "16",
                "fill",
                INK);
        // the value axis's unit, along it
        h.element(
                "text",
                spread.sinceBoot() ? "interrupts since boot" : "interrupts between samples",
                "x",
                "14",
                "y",
                num(top + plotH / 2.0),
                "transform",
                "rotate(-90 14 " + num(top + plotH / 2.0) + ")",
                "text-anchor",
                "middle",
                "font-size",
                "11",
                "fill",
                INK);
        for (int[] run : runs(cpus)) {
            Integer node = cpus.get(run[0]).node();
            double x = left + run[0] * bw;
            double w = (run[1] - run[0]) * bw;
            boolean nicNode = node != null && node.equals(spread.nicNode());
            if (nicNode) {
                h.empty("rect", "x", num(x), "y", num(top), "width", num(w), "height", num(plotH), "fill", "#fff3c4");
            }
            h.element(
                    "text",
                    "CPU " + cpus.get(run[0]).cpu(),
                    "x",
                    num(x + 2),
                    "y",
                    num(top + plotH + 16),
                    "font-size",
                    "11",
                    "fill",
                    INK);
            h.element(
                    "text",
                    (node == null ? "node ?" : "node " + node) + (nicNode ? " \u2605 NIC" : ""),
                    "x",
                    num(x + w / 2),
                    "y",
                    num(top + plotH + 34),
                    "text-anchor",
                    "middle",
                    "fill",
                    colour(node));
        }
        for (int i = 0; i < cpus.size(); i++) {
            FigureData.CpuInterrupts c = cpus.get(i);
            if (c.interrupts() == 0) {
                continue;
            }
            double height = plotH * (double) c.interrupts() / max;
            h.open(
                            "rect",
                            "x",
                            num(left + i * bw),
                            "y",
                            num(top + plotH - height),
                            "width",
                            num(Math.max(1, bw - 1)),
                            "height",
                            num(height),
                            "fill",
                            colour(c.node()))
                    .element(
                            "title",
                            "CPU " + c.cpu() + (c.node() == null ? "" : " (node " + c.node() + ")") + ": "
                                    + c.interrupts() + " interrupts")
                    .close("rect");
        }
        h.empty(
                "line",
                "x1",
                num(left),
                "x2",
                num(left + plotW),
                "y1",
                num(top + plotH),
                "y2",
                num(top + plotH),
                "stroke",
                INK);
        h.element(
                "text",
                compact((double) max),
                "x",
                num(left - 6),
                "y",
                num(top + 10),
                "text-anchor",
                "end",
                "font-size",
                "11",
                "fill",
                INK);
        h.element(
                "text",
                "0",
                "x",
                num(left - 6),
                "y",
                num(top + plotH),
                "text-anchor",
                "end",
                "font-size",
                "11",
                "fill",
                INK);
        end(
                h,
                "Interrupts of " + spread.nic() + "'s lines per CPU. Bars on CPUs outside the shaded node cross the "
                        + "NUMA interconnect. A line served by several CPUs is split evenly between them.");
    }

    /** PFC pause frames per priority (columns) for each port and direction (rows), as a heat map. */
    static void pause(Html h, List<FigureData.PauseCounter> counters) {
        if (counters.isEmpty()) {
            return;
        }
        Map<String, Map<Integer, FigureData.PauseCounter>> rows = new LinkedHashMap<>();
        counters.forEach(c -> rows.computeIfAbsent(c.port() + " " + c.direction(), k -> new LinkedHashMap<>())
                .put(c.priority(), c));
        boolean rates = counters.stream().allMatch(c -> c.perSecond() != null);
        double max = counters.stream()
                .mapToDouble(c -> rates ? c.perSecond() : c.frames())
                .max()
                .orElse(0);
        int left = 170;
        int cell = 56;
        int row = 24;
        int top = 26;
        begin(h, "pause", left + 8 * cell + 10, top + rows.size() * row + 10, "PFC pause frames per priority and port");
        // the cells' unit, over the port column
        h.element("text", rates ? "pause frames/s" : "pause frames since boot", "x", "0", "y", "18", "fill", INK);
        for (int p = 0; p < 8; p++) {
            h.element(
                    "text",
                    "prio " + p,
                    "x",
                    num(left + p * cell + cell / 2.0),
                    "y",
                    "18",
                    "text-anchor",
                    "middle",
                    "fill",
                    INK);
        }
        int y = top;
        for (Map.Entry<String, Map<Integer, FigureData.PauseCounter>> r : rows.entrySet()) {
            h.element("text", r.getKey(), "x", "0", "y", num(y + 16), "fill", INK);
            for (int p = 0; p < 8; p++) {
                FigureData.PauseCounter c = r.getValue().get(p);
                double v = c == null ? 0 : rates ? c.perSecond() : c.frames();
                String label = c == null ? "\u2013" : rates ? compact(v) + "/s" : compact(v);
                h.empty(
                        "rect",
                        "x",
                        num(left + p * cell + 1),
                        "y",
                        num(y + 1),
                        "width",
                        num(cell - 2),
                        "height",
                        num(row - 2),
                        "fill",
                        c == null ? TRACK : heat(v, max));
                h.element(
                        "text",
                        label,
                        "x",
                        num(left + p * cell + cell / 2.0),
                        "y",
                        num(y + 16),
                        "text-anchor",
                        "middle",
                        "font-size",
                        "11",
                        "fill",
                        INK);
            }
            y += row;
        }
        end(
                h,
                (rates ? "Pause frames per second between the samples" : "Pause frames since boot (one sample)")
                        + " per PFC priority: rx were received from the switch, tx were sent by this host. "
                        + "Grey: counter not in the bundle.");
    }

    /** A NIC's PCIe link: what it can carry, the profile's budget of it, and the sum of its ports' speeds. */
    static void pcie(Html h, FigureData.PcieCeiling c) {
        int left = 170;
        int bar = 380;
        double limit = c.budgetGbps() == null ? c.usableGbps() : c.budgetGbps();
        double scale = bar / (Math.max(c.usableGbps(), c.demandGbps()) * 1.1);
        begin(h, "pcie", 640, 104, "PCIe ceiling of NIC " + c.nic() + " against its ports");
        h.element("text", "PCIe " + c.link(), "x", "0", "y", "42", "fill", INK);
        h.empty("rect", "x", num(left), "y", "28", "width", num(c.usableGbps() * scale), "height", "18", "fill", BAR);
        h.element(
                "text",
                gbps(c.usableGbps()) + " usable",
                "x",
                num(left + c.usableGbps() * scale + 6),
                "y",
                "42",
                "fill",
                INK);
        h.element("text", "ports' demand", "x", "0", "y", "80", "fill", INK);
        double x = left;
        int i = 0;
        for (Map.Entry<String, Double> port : c.portGbps().entrySet()) {
            double w = port.getValue() * scale;
            h.open(
                            "rect",
                            "x",
                            num(x),
                            "y",
                            "66",
                            "width",
                            num(w),
                            "height",
                            "18",
                            "fill",
                            c.demandGbps() > limit
                                    ? (i % 2 == 0 ? HOT : "#e57373")
                                    : (i % 2 == 0 ? "#59a14f" : "#8cd17d"))
                    .element("title", port.getKey() + ": " + gbps(port.getValue()))
                    .close("rect");
            x += w;
            i++;
        }
        h.element(
                "text",
                gbps(c.demandGbps()) + " asked",
                "x",
                num(left + c.demandGbps() * scale + 6),
                "y",
                "80",
                "fill",
                c.demandGbps() > limit ? HOT : INK);
        if (c.budgetGbps() != null) {
            h.empty(
                    "line",
                    "x1",
                    num(left + limit * scale),
                    "x2",
                    num(left + limit * scale),
                    "y1",
                    "20",
                    "y2",
                    "92",
                    "stroke",
                    INK,
                    "stroke-dasharray",
                    "4 3");
            h.element(
                    "text",
                    "budget " + gbps(limit),
                    "x",
                    num(left + limit * scale),
                    "y",
                    "14",
                    "text-anchor",
                    "middle",
                    "font-size",
                    "11",
                    "fill",
                    INK);
        }
        end(
                h,
                "PCIe link of " + c.nic() + " (" + c.link() + ") after line encoding, the part the profile budgets for "
                        + "data after protocol overhead (dashed), and the sum of the speeds of its ports that are up.");
    }

    /**
     * Each known link's two ends, row against row: per priority 0-7 whether PFC is on (filled), the
     * priority each end gives the RoCE traffic (R), and the trust mode; a column or trust mode on
     * which the ends disagree is outlined in red.
     */
    static void links(Html h, List<FigureData.LinkQos> links) {
        if (links.isEmpty()) {
            return;
        }
        int left = 230;
        int cell = 40;
        int row = 24;
        int trustX = left + 8 * cell + 16;
        int height = 30 + links.size() * (3 * row + 8);
        begin(h, "links", trustX + 140, height, "Host against switch, per link");
        h.element("text", "PFC per priority", "x", "0", "y", "18", "fill", INK);
        for (int p = 0; p < 8; p++) {
            h.element(
                    "text",
                    "prio " + p,
                    "x",
                    num(left + p * cell + cell / 2.0),
                    "y",
                    "18",
                    "text-anchor",
                    "middle",
                    "font-size",
                    "11",
                    "fill",
                    INK);
        }
        h.element("text", "trust", "x", num(trustX), "y", "18", "fill", INK);
        int y = 30;
        for (FigureData.LinkQos l : links) {
            h.element(
                    "text",
                    l.hostPort() + " \u2194 " + l.switchName() + " " + l.switchPort(),
                    "x",
                    "0",
                    "y",
                    num(y + 16),
                    "font-weight",
                    "bold",
                    "fill",
                    INK);
            y += row;
            boolean trustDiffers = l.hostTrust() != null
                    && l.switchTrust() != null
                    && !l.hostTrust().equals(l.switchTrust());
            linkRow(
                    h,
                    "host " + l.hostPort(),
                    l.hostPfc(),
                    l.switchPfc(),
                    l.hostPriority(),
                    l.hostTrust(),
                    trustDiffers,
                    y,
                    left,
                    cell,
                    trustX);
            y += row;
            linkRow(
                    h,
                    "switch " + l.switchName() + " " + l.switchPort(),
                    l.switchPfc(),
                    l.hostPfc(),
                    l.switchPriority(),
                    l.switchTrust(),
                    trustDiffers,
                    y,
                    left,
                    cell,
                    trustX);
            y += row + 8;
        }
        end(
                h,
                "Filled: PFC on (lossless) at that end. R: the priority the RoCE traffic"
                        + (links.stream().anyMatch(l -> l.roceDscp() != null)
                                ? " (DSCP "
                                        + links.stream()
                                                .map(FigureData.LinkQos::roceDscp)
                                                .filter(Objects::nonNull)
                                                .distinct()
                                                .map(String::valueOf)
                                                .reduce((a, b) -> a + ", " + b)
                                                .orElse("")
                                        + ")"
                                : "")
                        + " gets there. Red outline: the two ends of the link disagree.");
    }

    private static void linkRow(
            Html h,
            String label,
            List<Integer> pfc,
            List<Integer> otherPfc,
            Integer rocePriority,
            String trust,
            boolean trustDiffers,
            int y,
            int left,
            int cell,
            int trustX) {
        h.element("text", label, "x", "8", "y", num(y + 16), "fill", INK);
        for (int p = 0; p < 8; p++) {
            boolean on = pfc.contains(p);
            boolean differs = on != otherPfc.contains(p);
            h.open(
                            "rect",
                            "x",
                            num(left + p * cell + 1),
                            "y",
                            num(y + 1),
                            "width",
                            num(cell - 2),
                            "height",
                            "20",
                            "fill",
                            on ? BAR : TRACK,
                            "stroke",
                            differs ? HOT : null,
                            "stroke-width",
                            differs ? "2" : null)
                    .element("title", label + ", priority " + p + ": PFC " + (on ? "on" : "off"))
                    .close("rect");
            if (rocePriority != null && rocePriority == p) {
                h.element(
                        "text",
                        "R",
                        "x",
                        num(left + p * cell + cell / 2.0),
                        "y",
                        num(y + 16),
                        "text-anchor",
                        "middle",
                        "font-weight",
                        "bold",
                        "fill",
                        on ? "#fff" : INK);
            }
        }
        h.element(
                "text",
                trust == null ? "not known" : trust,
                "x",
                num(trustX),
                "y",
                num(y + 16),
                "fill",
                trustDiffers ? HOT : INK,
                "font-weight",
                trustDiffers ? "bold" : null);
    }

    private static void begin(Html h, String kind, int width, int height, String title) {
        h.open("figure", "class", "figure", "data-figure", kind).element("h3", title);
        h.open(
                "svg",
                "class",
                "chart " + kind,
                "role",
                "img",
                "viewBox",
                "0 0 " + width + " " + height,
                "width",
                num(width),
                "height",
                num(height),
                "font-family",
                "sans-serif",
                "font-size",
                "13");
        h.element("title", title);
    }

    private static void end(Html h, String caption) {
        h.close("svg");
        h.element("figcaption", caption);
        h.close("figure");
    }

    /** Runs of consecutive CPUs on the same node, as [from, to) indexes. */
    private static List<int[]> runs(List<FigureData.CpuInterrupts> cpus) {
        List<int[]> runs = new ArrayList<>();
        int from = 0;
        for (int i = 1; i <= cpus.size(); i++) {
            if (i == cpus.size()
                    || !Objects.equals(cpus.get(i).node(), cpus.get(from).node())) {
                runs.add(new int[] {from, i});
                from = i;
            }
        }
        return runs;
    }

    private static String colour(Integer node) {
        return node == null ? UNKNOWN : NODE_COLOURS.get(node % NODE_COLOURS.size());
    }

    /** Light green for no pause, then pale orange to deep red on a log scale up to the largest value. */
    private static String heat(double v, double max) {
        if (v <= 0) {
            return "#e8f5e9";
        }
        double t = max <= 0 ? 1 : Math.log1p(v) / Math.log1p(max);
        int r = (int) Math.round(0xfd + (0xc0 - 0xfd) * t);
        int g = (int) Math.round(0xd4 + (0x39 - 0xd4) * t);
        int b = (int) Math.round(0x9e + (0x2b - 0x9e) * t);
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }

    static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    static String gbps(double v) {
        return String.format(Locale.ROOT, "%.1f Gb/s", v);
    }

    /** 1400000 as 1.4M: bar labels stay short. */
    static String compact(double v) {
        if (v >= 1e9) {
            return String.format(Locale.ROOT, "%.1fG", v / 1e9);
        }
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.1fM", v / 1e6);
        }
        if (v >= 1e4) {
            return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        }
        return num(Math.round(v * 10) / 10.0);
    }
}
