package io.stagedoor.harness;

import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.DevelopmentSecrets;

/**
 * The connection caps of a pipeline whose listeners are all on loopback: there every client (the demo's crowd, a
 * benchmark's load, a local proxy) is this machine, one address, so the per-address cap would refuse a crowd as one
 * client; it is lifted to the listener's total, the only cap that means anything there. Beyond loopback the
 * settings stay as they are.
 */
public final class LoopbackConnections {

    private LoopbackConnections() {
    }

    /** {@code settings}, with the per-address connection cap lifted to the total when every listener is on loopback. */
    public static IngressSettings lifted(IngressSettings settings) {
        if (DevelopmentSecrets.exposedAddress(settings).isPresent()) {
            return settings;
        }
        return settings.toBuilder().maxConnectionsPerAddress(settings.http().connections().max()).build();
    }
}
