package io.rocedoctor.parse;

import java.util.List;
import java.util.Optional;

/** All functions of an {@code lspci -vvv} output. */
public record PciDevices(List<PciDevice> devices) {
    public PciDevices {
        devices = List.copyOf(devices);
    }

    public Optional<PciDevice> at(String address) {
        String full = LspciParser.withDomain(address);
        return devices.stream().filter(d -> d.address().equalsIgnoreCase(full)).findFirst();
    }

    /** The bridge whose secondary bus is this device's bus, i.e. the next link towards the root port. */
    public Optional<PciDevice> upstreamBridge(PciDevice device) {
        String domain = device.address().substring(0, 4);
        return devices.stream()
                .filter(d -> d.secondaryBus() != null
                        && d.address().startsWith(domain)
                        && d.secondaryBus() == device.bus()
                        && d != device)
                .findFirst();
    }
}
