package org.pmix4j.server.security;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.wire.protocol.NativeCredential;
import org.pmix4j.wire.psec.MungeClient;

/**
 * Which security (psec) modules the server offers and accepts, as the site set it in the server's
 * environment, and the decision whether a connecting peer's module is good enough for where it comes from.
 *
 * <ul>
 * <li>{@code PMIX_MCA_psec}: libpmix's own way of choosing modules, read the same way: a list ("munge",
 *     "native", "munge,native") or an exclusion ("^munge"). Unset: munge is offered when munged answers,
 *     native always (libpmix's default). Only munge: munge is required and the server does not start
 *     without munged.</li>
 * <li>{@code PMIX4J_MUNGE_SOCKET}: munged's socket, when not {@link MungeClient#DEFAULT_SOCKET}. libpmix
 *     peers cannot be told another path, so it serves only pmix4j peers.</li>
 * <li>{@code PMIX4J_PSEC_REMOTE_NATIVE}: {@code refuse} (default) or {@code allow}. A "native" credential
 *     is the peer's own statement of its uid and gid; the kernel confirms it only for a peer on this node,
 *     so from any other node it proves nothing and is refused unless the site allows it.</li>
 * </ul>
 *
 * @param munge              whether munge is off, offered or required
 * @param mungeSocket        where munged listens
 * @param remoteNativeClaims accept "native" credentials from peers that are not on this node
 */
public record SecurityPolicy(MungeUse munge, Path mungeSocket, boolean remoteNativeClaims) {
    public static final String MUNGE = "munge";
    public static final String MODULES_VARIABLE = "PMIX_MCA_psec";
    public static final String REMOTE_NATIVE_VARIABLE = "PMIX4J_PSEC_REMOTE_NATIVE";

    /** How the server uses munge. */
    public enum MungeUse {
        /** native only */
        OFF,
        /** munge first when munged answers at start, native as well */
        OFFERED,
        /** munge only; the server does not start without munged */
        REQUIRED
    }

    /** The default: munge when available, native too, no native claims from other nodes. */
    public static SecurityPolicy defaults() {
        return new SecurityPolicy(MungeUse.OFFERED, MungeClient.DEFAULT_SOCKET, false);
    }

    /** Reads the policy from the server's environment; a value it cannot use is an error naming it. */
    public static SecurityPolicy fromEnvironment(Map<String, String> env) {
        MungeUse use = mungeUse(env.get(MODULES_VARIABLE));
        Path socket = MungeClient.fromEnvironment(env).socket();
        String remote = env.getOrDefault(REMOTE_NATIVE_VARIABLE, "refuse").strip();
        boolean allow = switch (remote) {
            case "allow" -> true;
            case "refuse", "" -> false;
            default -> throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, REMOTE_NATIVE_VARIABLE + "='" + remote
                    + "': expected 'allow' or 'refuse'");
        };
        return new SecurityPolicy(use, socket, allow);
    }

    private static MungeUse mungeUse(String modules) {
        if (modules == null || modules.isBlank()) {
            return MungeUse.OFFERED;
        }
        String list = modules.strip();
        boolean exclude = list.startsWith("^");
        List<String> names = new ArrayList<>();
        for (String m : (exclude ? list.substring(1) : list).split(",")) {
            String name = m.strip();
            if (!name.equals(MUNGE) && !name.equals(NativeCredential.MODULE)) {
                throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, MODULES_VARIABLE + "='" + modules
                        + "': pmix4j has the security modules munge and native, not '" + name + "'");
            }
            names.add(name);
        }
        boolean munge = exclude != names.contains(MUNGE);
        boolean nativeToo = exclude != names.contains(NativeCredential.MODULE);
        if (!munge && !nativeToo) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, MODULES_VARIABLE + "='" + modules
                    + "' leaves no security module");
        }
        return !munge ? MungeUse.OFF : nativeToo ? MungeUse.OFFERED : MungeUse.REQUIRED;
    }

    /** The client that asks this policy's munged. */
    public MungeClient mungeClient() {
        return new MungeClient(mungeSocket);
    }

    /**
     * The modules to list in PMIX_SECURITY_MODE, in libpmix's order (by priority: munge before native), given
     * whether munged answered at start; fails when munge is required and munged did not answer.
     */
    public List<String> offeredModules(boolean mungeAnswers) {
        return switch (munge) {
            case OFF -> List.of(NativeCredential.MODULE);
            case OFFERED -> mungeAnswers ? List.of(MUNGE, NativeCredential.MODULE) : List.of(NativeCredential.MODULE);
            case REQUIRED -> {
                if (!mungeAnswers) {
                    throw new PmixException(PmixStatus.PMIX_ERR_INIT, MODULES_VARIABLE
                            + "=munge requires munged, and none answers at " + mungeSocket);
                }
                yield List.of(MUNGE);
            }
        };
    }

    /**
     * Why a peer that used security module {@code module} may not in, or {@code null} when it may (its
     * credential is still to be checked). {@code localPeer}: the kernel found the connection's other end on
     * this node.
     */
    public String refusal(String module, boolean localPeer) {
        if (module.equals(MUNGE)) {
            return munge == MungeUse.OFF ? "used security module 'munge', which this server does not accept ("
                    + MODULES_VARIABLE + " excludes it)" : null;
        }
        if (module.equals(NativeCredential.MODULE)) {
            if (munge == MungeUse.REQUIRED) {
                return "used security module 'native'; this server requires 'munge' (" + MODULES_VARIABLE + "=munge)";
            }
            if (!localPeer && !remoteNativeClaims) {
                return "used security module 'native' from another node: its uid and gid are only its own claim;"
                        + " use munge, or set " + REMOTE_NATIVE_VARIABLE + "=allow on the server to trust such claims";
            }
            return null;
        }
        return "used security module '" + PeerText.quote(module) + "'; pmix4j accepts " + (munge == MungeUse.OFF ? "'native'"
                : munge == MungeUse.REQUIRED ? "'munge'" : "'munge' and 'native'");
    }
}
