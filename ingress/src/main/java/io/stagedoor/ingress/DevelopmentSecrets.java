package io.stagedoor.ingress;

import io.stagedoor.ingress.http.IngressMessages;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The development token secret and admin key are printed in README and shipped in {@code stagedoor.properties}:
 * anyone who read them could mint buyer tokens, forge waiting-room passes and use the admin routes. An ingress
 * whose public or admin listener is reachable beyond this machine therefore refuses to start on them, and on an
 * admin key too short to resist guessing.
 */
public final class DevelopmentSecrets {

    /** The shortest admin key accepted beyond loopback. */
    public static final int MIN_ADMIN_KEY_BYTES = 16;

    private DevelopmentSecrets() {
    }

    /** @throws IllegalStateException naming the settings to change, when a listener beyond loopback would use them */
    public static void refuseBeyondLoopback(IngressSettings settings) {
        String exposed = exposedAddress(settings).orElse(null);
        if (exposed == null) {
            return;
        }
        List<String> weak = new ArrayList<>();
        // stripped: the published secret with a space or a line break added is still the published secret
        if (IngressSettings.DEVELOPMENT_SECRET.equals(settings.auth().tokenSecret().strip())) {
            weak.add("ingress.token-secret");
        }
        if (IngressSettings.DEVELOPMENT_ADMIN_KEY.equals(settings.auth().adminKey().strip())
                || settings.auth().adminKey().getBytes(StandardCharsets.UTF_8).length < MIN_ADMIN_KEY_BYTES) {
            weak.add("ingress.admin-key");
        }
        if (!weak.isEmpty()) {
            throw new IllegalStateException(IngressMessages.developmentSecretsBeyondLoopback(exposed, weak));
        }
    }

    /** The address of a listener of {@code settings} reachable beyond this machine (public first); empty on loopback. */
    public static java.util.Optional<String> exposedAddress(IngressSettings settings) {
        return !isLoopback(settings.http().bindAddress()) ? java.util.Optional.of(settings.http().bindAddress())
                : !isLoopback(settings.http().adminBindAddress())
                ? java.util.Optional.of(settings.http().adminBindAddress()) : java.util.Optional.empty();
    }

    /** Whether {@code address} only accepts connections from this machine (127.0.0.0/8, ::1, a name for them). */
    static boolean isLoopback(String address) {
        try {
            for (InetAddress resolved : InetAddress.getAllByName(address)) {
                if (!resolved.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
