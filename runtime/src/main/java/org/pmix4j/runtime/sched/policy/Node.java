package org.pmix4j.runtime.sched.policy;

import java.util.Objects;

/**
 * One node of the scheduler's pool: its name and how many slots it has (what {@code --host a:4} or a
 * hostfile line gives).
 */
public record Node(String name, int slots) {
    public Node {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.contains(",")) {
            throw new IllegalArgumentException("a node name must be non-blank and without commas: '" + name + "'");
        }
        if (slots < 1) {
            throw new IllegalArgumentException("node " + name + " has " + slots + " slots; a node needs at least 1");
        }
    }

    @Override
    public String toString() {
        return name + ":" + slots;
    }
}
