package io.rocedoctor.parse;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The RDMA devices {@code ibv_devinfo} lists, in printed order; empty for "No IB devices found". */
public record IbvDevices(List<IbvDevice> devices) {
    public IbvDevices {
        devices = List.copyOf(devices);
    }

    public Optional<IbvDevice> device(String hcaId) {
        return devices.stream().filter(d -> d.hcaId().equals(hcaId)).findFirst();
    }

    /**
     * One hca_id block. Fields the output does not show are null; {@code attributes} holds every
     * device-level "key: value" as printed (max_qp, atomic_cap, ...).
     */
    public record IbvDevice(
            String hcaId,
            String transport,
            String firmwareVersion,
            String nodeGuid,
            String sysImageGuid,
            String vendorId,
            Integer vendorPartId,
            String hardwareVersion,
            String boardId,
            Integer physicalPortCount,
            Map<String, String> attributes,
            List<IbvPort> ports) {
        public IbvDevice {
            attributes = OrderedCopy.map(attributes);
            ports = List.copyOf(ports);
        }
    }

    /**
     * One port block.
     *
     * @param state the state name without its code ("PORT_ACTIVE")
     * @param physicalState phys_state without its code ("LINK_UP"); null without {@code -v}
     * @param maxMtu bytes (4096), null when absent
     * @param activeMtu bytes (1024), null when absent
     * @param linkLayer "Ethernet" (RoCE) or "InfiniBand"
     * @param activeWidth "4X", without its code; null without {@code -v}
     * @param activeSpeed "25.0 Gbps", without its code; null without {@code -v}
     */
    public record IbvPort(
            int port,
            String state,
            String physicalState,
            Integer maxMtu,
            Integer activeMtu,
            String linkLayer,
            String activeWidth,
            String activeSpeed,
            Map<String, String> attributes,
            List<IbvGid> gids) {
        public IbvPort {
            attributes = OrderedCopy.map(attributes);
            gids = List.copyOf(gids);
        }
    }

    /**
     * A GID table entry of {@code ibv_devinfo -v}.
     *
     * @param type "RoCE v2", "RoCE v1"; null when the rdma-core version prints no type
     */
    public record IbvGid(int index, String gid, String type) {}
}
