package org.pmix4j.client.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.Proc;
import org.pmix4j.client.EventHandler;
import org.pmix4j.client.EventOutcome;

/** The chain an event runs through, run on the caller's thread here (a direct executor). */
class EventRegistryTest {
    private final List<String> calls = new ArrayList<>();
    private final EventRegistry r = new EventRegistry(Runnable::run);

    private EventHandler h(String name, EventOutcome outcome) {
        return e -> {
            calls.add(name);
            return outcome;
        };
    }

    @Test
    void singleCodeThenMultiCodeThenDefaultWithPlacement() {
        r.add(List.of(), List.of(), h("default", EventOutcome.CONTINUE));
        r.add(List.of(-3001, -3002), List.of(), h("multi", EventOutcome.CONTINUE));
        r.add(List.of(-3001), List.of(Attributes.EVENT_HDLR_NAME.info("single")), h("single", EventOutcome.CONTINUE));
        r.add(List.of(-3001), List.of(Attributes.EVENT_HDLR_BEFORE.info("single")), h("before", EventOutcome.CONTINUE));
        r.add(List.of(), List.of(Attributes.EVENT_HDLR_FIRST.info(true)), h("first", EventOutcome.CONTINUE));
        r.add(List.of(-3001), List.of(Attributes.EVENT_HDLR_LAST.info(true)), h("last", EventOutcome.CONTINUE));
        r.deliver(-3001, new Proc("j", 0), List.of());
        assertEquals(List.of("first", "before", "single", "multi", "default", "last"), calls);
    }

    @Test
    void completeStopsNonDefaultSkipsDefaultsAffectedFilters() {
        r.add(List.of(-3001), List.of(), h("stop", EventOutcome.COMPLETE));
        r.add(List.of(), List.of(), h("default", EventOutcome.CONTINUE));
        r.deliver(-3001, new Proc("j", 0), List.of());
        assertEquals(List.of("stop"), calls);
        calls.clear();
        r.deliver(-3005, new Proc("j", 0), List.of(Attributes.EVENT_NON_DEFAULT.info(true)));
        assertEquals(List.of(), calls);
        r.add(List.of(-3007), List.of(Attributes.EVENT_AFFECTED_PROC.info(Proc.wildcard("mine"))), h("mine",
                EventOutcome.CONTINUE));
        r.deliver(-3007, new Proc("j", 0), List.of(Attributes.EVENT_AFFECTED_PROC.info(new Proc("other", 1))));
        assertEquals(List.of("default"), calls);
        calls.clear();
        r.deliver(-3007, new Proc("j", 0), List.of(Attributes.EVENT_AFFECTED_PROC.info(new Proc("mine", 4))));
        assertEquals(List.of("mine", "default"), calls);
    }

    @Test
    void registrationTellsWhenTheServerMustKnowAndDeregistrationWhichCodesAreGone() {
        EventRegistry.Added a = r.add(List.of(-3001), List.of(), h("a", EventOutcome.CONTINUE));
        assertTrue(a.tellServer());
        EventRegistry.Added b = r.add(List.of(-3001), List.of(Attributes.EVENT_HDLR_NAME.info("b")),
                h("b", EventOutcome.CONTINUE));
        assertFalse(b.tellServer(), "the code is routed to us already and the name stays here");
        EventRegistry.Added c = r.add(List.of(-3001), List.of(Attributes.EVENT_AFFECTED_PROC.info(new Proc("x", 0))),
                h("c", EventOutcome.CONTINUE));
        assertTrue(c.tellServer(), "directives for the server");
        assertEquals(List.of(), r.remove(a.id()));
        assertEquals(List.of(), r.remove(b.id()));
        assertEquals(List.of(-3001), r.remove(c.id()));
        assertNull(r.remove(c.id()));
        EventRegistry.Added d = r.add(List.of(), List.of(), h("d", EventOutcome.CONTINUE));
        assertEquals(List.of(EventRegistry.DEFAULT_CODE), r.remove(d.id()));
        assertEquals(List.of(Info.of("pmix.evaffected", new Proc("x", 0))),
                EventRegistry.serverDirectives(List.of(Attributes.EVENT_HDLR_NAME.info("n"),
                        Info.of("pmix.evaffected", new Proc("x", 0)))));
    }

    @Test
    void oneshotHandlersRunOnce() {
        r.add(List.of(-3001), List.of(Attributes.EVENT_ONESHOT.info(true)), h("once", EventOutcome.CONTINUE));
        r.deliver(-3001, new Proc("j", 0), List.of());
        r.deliver(-3001, new Proc("j", 0), List.of());
        assertEquals(List.of("once"), calls);
    }
}
