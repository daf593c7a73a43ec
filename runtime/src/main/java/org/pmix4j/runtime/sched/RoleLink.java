package org.pmix4j.runtime.sched;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.internal.Log;
import org.pmix4j.client.tool.PmixTool;
import org.pmix4j.client.tool.SystemRole;
import org.pmix4j.runtime.ConnectionLoss;

/**
 * A daemon's tool connection to the node's one server of another role (the DVM to the scheduler, the
 * scheduler to the system controller): it looks for that role's rendezvous file every {@link #LOOK_EVERY}
 * while it has no connection, connects when the file appears, and goes back to looking when the connection
 * breaks, so that the two daemons find each other whichever starts first and again after either restarts.
 * Whoever owns the link hears of each connection ({@code attached}) and of its loss ({@code lost}); both are
 * told on the link's own thread, one at a time.
 */
public final class RoleLink implements AutoCloseable {
    private static final Log LOG = Log.of(RoleLink.class);

    /** How often the rendezvous file is looked for while unconnected. */
    static final Duration LOOK_EVERY = Duration.ofMillis(500);

    private final SystemRole role;
    private final Path systemTmpdir;
    private final String hostname;
    private final List<Info> identity;
    private final Consumer<PmixTool> attached;
    private final Runnable lost;
    private final ScheduledExecutorService thread;
    private volatile PmixTool tool;
    private volatile boolean closed;

    /**
     * @param identity what this daemon tells the other side about itself at connect (e.g. its role), on top of
     *                 the connection attributes
     */
    public RoleLink(SystemRole role, Path systemTmpdir, String hostname, List<Info> identity,
            Consumer<PmixTool> attached, Runnable lost) {
        this.role = role;
        this.systemTmpdir = systemTmpdir;
        this.hostname = hostname;
        this.identity = List.copyOf(identity);
        this.attached = attached;
        this.lost = lost;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "pmix4j-link-" + role.name().toLowerCase());
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts looking for the other side. */
    public void start() {
        thread.execute(this::look);
    }

    /** The connection now, or null while there is none. */
    public PmixTool tool() {
        return tool;
    }

    /** "the scheduler" ..., for messages. */
    public String describe() {
        return role.description();
    }

    private void look() {
        if (closed || tool != null) {
            return;
        }
        Path file = systemTmpdir.resolve(role.fileName(hostname));
        if (Files.exists(file)) {
            try {
                PmixTool t = PmixTool.init(identityWith(List.of(role.attribute().info(true),
                        Attributes.SYSTEM_TMPDIR.info(systemTmpdir.toString()))));
                tool = t;
                ConnectionLoss.watch(t).whenLost(() -> thread.execute(() -> disconnected(t)));
                LOG.info("attached to {} ({})", role.description(), file);
                attached.accept(t);
            } catch (PmixException e) {
                // a stale file, or the other side is starting or stopping: the next look decides
                LOG.debug("cannot attach to {} through {}: {}", role.description(), file, e.getMessage());
            } catch (RuntimeException e) {
                LOG.warn("attaching to {} failed: {}", role.description(), e.toString());
            }
        }
        if (!closed && tool == null) {
            thread.schedule(this::look, LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private List<Info> identityWith(List<Info> connect) {
        List<Info> all = new java.util.ArrayList<>(connect);
        all.addAll(identity);
        return all;
    }

    private void disconnected(PmixTool t) {
        if (tool != t) {
            return;
        }
        tool = null;
        t.close();
        if (closed) {
            return;
        }
        LOG.info("lost {}; looking for it again", role.description());
        try {
            lost.run();
        } finally {
            thread.schedule(this::look, LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.shutdownNow();
        PmixTool t = tool;
        tool = null;
        if (t != null) {
            t.close();
        }
    }
}
