package io.rocedoctor.collect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Discovers a host's {@link Inventory} from sysfs and procfs under a root ({@code /} on a live
 * host, a folder shaped like it in tests). Reads only; a directory that is absent (no RDMA stack,
 * no bonding module) simply yields nothing.
 */
public final class InventoryScanner {
    /** A name safe as one command argument: never an option (leading -), never white space or a /. */
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9_.:@][A-Za-z0-9_.:@-]{0,63}");

    private static final Pattern NUMBERED = Pattern.compile("[a-z]+([0-9]+)");
    private static final Pattern INTERRUPT_LINE = Pattern.compile("\\s*([0-9]+):.*");

    private final Path root;

    public InventoryScanner(Path root) {
        this.root = root;
    }

    public Inventory scan() throws IOException {
        Map<String, Inventory.RdmaDevice> rdma = new TreeMap<>();
        for (String dev : names(sys("class/infiniband"))) {
            List<Integer> ports = numbers(sys("class/infiniband/" + dev + "/ports"));
            List<String> netdevs = names(sys("class/infiniband/" + dev + "/device/net"));
            rdma.put(dev, new Inventory.RdmaDevice(dev, ports, netdevs));
        }

        Set<String> bonds = new TreeSet<>();
        Set<String> netdevs = new TreeSet<>();
        for (String iface : names(sys("class/net"))) {
            Path dir = sys("class/net/" + iface);
            if (Files.isDirectory(dir.resolve("bonding"))) {
                bonds.add(iface);
            } else if (Files.exists(dir.resolve("device"))) {
                netdevs.add(iface);
            }
        }
        // A bond known only to procfs (a sysfs without bonding/) still counts, and so do its members.
        bonds.addAll(names(root.resolve("proc/net/bonding")));
        for (String bond : bonds) {
            read(sys("class/net/" + bond + "/bonding/slaves"))
                    .ifPresent(s -> Stream.of(s.trim().split("\\s+"))
                            .filter(n -> SAFE_NAME.matcher(n).matches())
                            .forEach(netdevs::add));
        }

        Set<Integer> irqs = new TreeSet<>();
        Map<String, List<Integer>> ecn = new TreeMap<>();
        for (String iface : netdevs) {
            irqs.addAll(msiIrqs(sys("class/net/" + iface + "/device")));
            List<Integer> prios = numbers(sys("class/net/" + iface + "/ecn/roce_np/enable"));
            if (!prios.isEmpty()) {
                ecn.put(iface, prios);
            }
        }
        irqs.addAll(namedIrqs(netdevs, rdma.keySet()));

        List<Integer> cpus = new ArrayList<>();
        for (int cpu : numbers(sys("devices/system/cpu"))) {
            if (Files.isRegularFile(sys("devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor"))) {
                cpus.add(cpu);
            }
        }
        return new Inventory(
                List.copyOf(rdma.values()),
                List.copyOf(netdevs),
                List.copyOf(bonds),
                List.copyOf(irqs),
                numbers(sys("devices/system/node")),
                cpus,
                ecn);
    }

    /** The host's names as the kernel knows them, for redaction: host name, and domain name when set. */
    public List<String> hostNames() {
        List<String> names = new ArrayList<>();
        for (String file : List.of("proc/sys/kernel/hostname", "etc/hostname", "proc/sys/kernel/domainname")) {
            read(root.resolve(file))
                    .map(String::trim)
                    .filter(n ->
                            !n.isEmpty() && !n.equals("(none)") && !n.startsWith("localhost") && !names.contains(n))
                    .ifPresent(names::add);
        }
        return names;
    }

    private Path sys(String rel) {
        return root.resolve("sys").resolve(rel);
    }

    /**
     * The MSI vectors of a netdev's device; a virtual function of a bus such as virtio has them on
     * its PCI parent, so the nearest ancestor holding {@code msi_irqs} is taken.
     */
    private static List<Integer> msiIrqs(Path device) {
        Path dir;
        try {
            dir = device.toRealPath();
        } catch (IOException e) {
            return List.of();
        }
        for (int up = 0; up < 3 && dir != null; up++, dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("msi_irqs"))) {
                return names(dir.resolve("msi_irqs")).stream()
                        .filter(n -> n.matches("[0-9]{1,7}"))
                        .map(Integer::valueOf)
                        .toList();
            }
        }
        return List.of();
    }

    /** Interrupts whose /proc/interrupts name holds a netdev or RDMA device name (legacy or named vectors). */
    private List<Integer> namedIrqs(Collection<String> netdevs, Collection<String> rdmaDevices) {
        List<Integer> out = new ArrayList<>();
        Optional<String> text = read(root.resolve("proc/interrupts"));
        if (text.isEmpty()) {
            return out;
        }
        List<String> names = new ArrayList<>(netdevs);
        names.addAll(rdmaDevices);
        for (String line : text.get().split("\n")) {
            Matcher m = INTERRUPT_LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String[] tokens = line.trim().split("\\s+");
            String name = tokens[tokens.length - 1];
            if (names.stream().anyMatch(n -> name.equals(n) || name.startsWith(n + "-") || name.startsWith(n + "@"))) {
                out.add(Integer.valueOf(m.group(1)));
            }
        }
        return out;
    }

    /** Entry names of a directory that are safe as arguments, sorted; none when it is absent. */
    private static List<String> names(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString())
                    .filter(n -> SAFE_NAME.matcher(n).matches() && !n.equals("bonding_masters"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The numbers of entries such as {@code 1}, {@code cpu3} or {@code node0}, in numeric order. */
    private static List<Integer> numbers(Path dir) {
        Set<Integer> out = new TreeSet<>();
        for (String name : names(dir)) {
            if (name.matches("[0-9]{1,6}")) {
                out.add(Integer.valueOf(name));
            } else {
                Matcher m = NUMBERED.matcher(name);
                if (m.matches() && m.group(1).length() <= 6) {
                    out.add(Integer.valueOf(m.group(1)));
                }
            }
        }
        return List.copyOf(out);
    }

    private static Optional<String> read(Path file) {
        try {
            return Files.isRegularFile(file)
                    ? Optional.of(Files.readString(file, StandardCharsets.ISO_8859_1))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
