package org.pmix4j.client.tool;

import java.util.ArrayList;
import java.util.List;
import org.pmix4j.api.Attribute;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;

/**
 * The node-wide server roles a tool can ask for by role instead of by pid or URI: each has at most one server
 * per node, which leaves its rendezvous file in the system tmpdir under a fixed name (the session-directory
 * rules: {@code pmix.sys.<host>}, {@code pmix.sched.<host>}, {@code pmix.sysctrlr.<host>}).
 */
public enum SystemRole {
    /** The node's system server ({@code pmix.sys.<host>}): a system-server DVM. */
    SYSTEM(Attributes.CONNECT_TO_SYSTEM, "pmix.sys.", "the system server"),
    /** The node's scheduler ({@code pmix.sched.<host>}), e.g. {@code pmix4j sched}. */
    SCHEDULER(Attributes.CONNECT_TO_SCHEDULER, "pmix.sched.", "the scheduler"),
    /** The system controller ({@code pmix.sysctrlr.<host>}). */
    SYSTEM_CONTROLLER(Attributes.CONNECT_TO_SYS_CONTROLLER, "pmix.sysctrlr.", "the system controller");

    private final Attribute<Boolean> attribute;
    private final String filePrefix;
    private final String description;

    SystemRole(Attribute<Boolean> attribute, String filePrefix, String description) {
        this.attribute = attribute;
        this.filePrefix = filePrefix;
        this.description = description;
    }

    /**
     * The tool attribute that asks for this role (PMIX_CONNECT_TO_...).
     *
     * @return the attribute
     */
    public Attribute<Boolean> attribute() {
        return attribute;
    }

    /**
     * The rendezvous file's name on {@code host}.
     *
     * @param host the node's name
     * @return e.g. {@code pmix.sched.node1}
     */
    public String fileName(String host) {
        return filePrefix + host;
    }

    /**
     * "the scheduler" ..., for messages.
     *
     * @return the role's description
     */
    public String description() {
        return description;
    }

    /** The role these tool attributes ask to connect to, or null; asking for two at once is an error. */
    static SystemRole asked(List<Info> info) {
        List<SystemRole> asked = new ArrayList<>();
        for (SystemRole r : values()) {
            if (r.attribute.find(info).orElse(false)) {
                asked.add(r);
            }
        }
        if (asked.size() > 1) {
            throw new PmixException(PmixStatus.PMIX_ERR_BAD_PARAM, "a tool can connect to one node-wide server by"
                    + " role, but " + asked.stream().map(r -> r.attribute.macroName()).toList() + " were all given");
        }
        return asked.isEmpty() ? null : asked.get(0);
    }
}
