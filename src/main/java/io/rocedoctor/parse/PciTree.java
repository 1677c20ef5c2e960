package io.rocedoctor.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The PCI tree {@code lspci -tv} prints: every function with the bridge whose secondary bus it sits
 * on ({@code parent}, null on a root bus) and its name (null without {@code -v}).
 */
public record PciTree(List<Node> nodes) {
    public PciTree {
        nodes = List.copyOf(nodes);
    }

    /** One function: its address with the domain ({@code 0000:18:00.0}), its parent bridge's, its name and line. */
    public record Node(String address, String parent, String name, int line) {}

    public Optional<Node> at(String address) {
        String full = LspciParser.withDomain(address);
        return nodes.stream().filter(n -> n.address().equals(full)).findFirst();
    }

    /** The bridges above a function, nearest first (its downstream port, ..., its root port); empty when unknown. */
    public List<String> ancestors(String address) {
        List<String> out = new ArrayList<>();
        Optional<Node> n = at(address);
        while (n.isPresent() && n.get().parent() != null && out.size() < nodes.size()) {
            out.add(n.get().parent());
            n = at(n.get().parent());
        }
        return out;
    }
}
