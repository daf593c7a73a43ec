package org.pmix4j.server.iof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.Proc;

/** What a job forwards, from its start, and which pulls that refuses. */
class ForwardedChannelsTest {
    @Test
    void aStartThatNamesOutputChannelsForwardsThoseSetTrueAndForAToolTheUnnamedToo() {
        assertEquals(OptionalInt.empty(), ForwardedChannels.declared(List.of(Attributes.JOB_SIZE.info(2)), false));
        assertEquals(OptionalInt.of(IofChannel.STDOUT),
                ForwardedChannels.declared(List.of(Attributes.FWD_STDOUT.info(true)), false));
        assertEquals(OptionalInt.of(IofChannel.STDOUT | IofChannel.STDIN), ForwardedChannels.declared(List.of(
                Attributes.FWD_STDOUT.info(true), Attributes.FWD_STDERR.info(false), Attributes.FWD_STDIN.info(0)), false));
        assertEquals(OptionalInt.of(IofChannel.NONE),
                ForwardedChannels.declared(List.of(Attributes.FWD_STDDIAG.info(false)), false));
        // libpmix's rule for a tool: what it does not mention is forwarded as well; what it turns off is not
        assertEquals(OptionalInt.of(IofChannel.STDOUT | IofChannel.STDERR | IofChannel.STDDIAG),
                ForwardedChannels.declared(List.of(Attributes.FWD_STDOUT.info(true)), true));
        assertEquals(OptionalInt.of(IofChannel.STDOUT | IofChannel.STDDIAG),
                ForwardedChannels.declared(List.of(Attributes.FWD_STDERR.info(false)), true));
    }

    @Test
    void aPullOfAChannelNotForwardedIsRefusedWithWhyAndOthersGranted() {
        ForwardedChannels f = new ForwardedChannels();
        f.declare("fwd", IofChannel.STDOUT);
        assertNull(f.refusal(List.of(Proc.wildcard("fwd")), IofChannel.STDOUT));
        assertNull(f.refusal(List.of(Proc.wildcard("plain")), IofChannel.STDERR), "a job without a record gives any");
        String why = f.refusal(List.of(new Proc("plain", 0), new Proc("fwd", 1)), IofChannel.STDOUT | IofChannel.STDERR);
        assertTrue(why.contains("fwd") && why.contains("STDERR") && !why.contains("plain"), why);
        f.forget("fwd");
        assertNull(f.refusal(List.of(Proc.wildcard("fwd")), IofChannel.STDERR));
    }
}
