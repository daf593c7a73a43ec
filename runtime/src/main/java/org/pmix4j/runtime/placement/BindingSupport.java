package org.pmix4j.runtime.placement;

/**
 * Whether processes can be bound to CPUs on this node, and if not, why. The mapper consults it once per
 * job, as PRRTE does: a required binding that cannot be made is an error naming the reason; a binding
 * that is only wanted "if supported" (PRRTE's default) is silently dropped.
 *
 * @param supported whether binding works
 * @param reason    why it does not ({@code null} when it does)
 */
public record BindingSupport(boolean supported, String reason) {
    public static final BindingSupport SUPPORTED = new BindingSupport(true, null);

    public static BindingSupport unsupported(String reason) {
        return new BindingSupport(false, reason);
    }
}
