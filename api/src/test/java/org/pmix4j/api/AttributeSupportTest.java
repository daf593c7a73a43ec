package org.pmix4j.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The answers to PMIX_QUERY_ATTRIBUTE_SUPPORT (the shapes libpmix's pattrs reads are checked live in the cli). */
class AttributeSupportTest {
    private final AttributeSupport support = new AttributeSupport();

    AttributeSupportTest() {
        support.register(AttributeSupport.Level.HOST, "PMIx_Job_control",
                List.of(Attributes.JOB_CTRL_KILL, Attributes.JOB_CTRL_SIGNAL));
        support.register(AttributeSupport.Level.HOST, "PMIx_Abort", List.of());
        support.register(AttributeSupport.Level.SERVER, "PMIx_server_init", List.of(Attributes.SERVER_TOOL_SUPPORT));
    }

    @Test
    void functionsAreOneCommaSeparatedStringPerLevel() {
        assertEquals(List.of(Info.of("pmix.host.fns", Value.of("PMIx_Job_control,PMIx_Abort"))),
                support.answer(List.of(Attributes.HOST_FUNCTIONS.info(true))));
        assertEquals(List.of(Info.of("pmix.srvr.fns", Value.of("PMIx_server_init"))),
                support.answer(List.of(Attributes.SERVER_FUNCTIONS.info(true))));
    }

    @Test
    void attributesComePerFunctionAsRegattrArraysUnderQueryAttrs() {
        List<Info> out = support.answer(List.of(Info.of("pmix.host.attrs", Value.of("PMIx_Job_control,PMIx_Abort"))));
        assertEquals(1, out.size());
        assertEquals("pmix.qry.attrs", out.get(0).key());
        DataArray perFunction = (DataArray) out.get(0).value();
        assertEquals(DataType.INFO, perFunction.elementType());
        // PMIx_Abort has no attributes: listed among the functions only, as libpmix does
        assertEquals(1, perFunction.elements().size());
        Info jobControl = (Info) perFunction.elements().get(0);
        assertEquals("PMIx_Job_control", jobControl.key());
        DataArray regs = (DataArray) jobControl.value();
        assertEquals(DataType.REGATTR, regs.elementType());
        AttributeDescription kill = (AttributeDescription) regs.elements().get(0);
        assertEquals("PMIX_JOB_CTRL_KILL", kill.macroName());
        assertEquals("pmix.jctrl.kill", kill.key());
        assertEquals(DataType.BOOL.code(), kill.typeCode());
        assertEquals(2, regs.elements().size());
    }

    @Test
    void allNamesEveryFunctionAndUnknownOnesGiveNothing() {
        List<Info> all = support.answer(List.of(Info.of("pmix.host.attrs", Value.of("all"))));
        assertEquals(1, ((DataArray) all.get(0).value()).elements().size());
        assertEquals(List.of(), support.answer(List.of(Info.of("pmix.host.attrs", Value.of("PMIx_Nothing")))));
        assertEquals(List.of(), support.answer(List.of(Attributes.CLIENT_FUNCTIONS.info(true))));
    }

    @Test
    void descriptionsAreShortLinesBrokenBetweenWords() {
        String text = "Ask the given processes to end, gently, and then wait for every one of them to be gone "
                + "from the node before answering";
        List<String> lines = AttributeSupport.wrap(text);
        assertTrue(lines.size() > 1, lines.toString());
        for (String l : lines) {
            assertTrue(l.length() <= AttributeSupport.DESCRIPTION_WIDTH, l);
        }
        assertEquals(text, String.join(" ", lines));
        assertEquals(List.of("a".repeat(50), "a".repeat(10)), AttributeSupport.wrap("a".repeat(60)));
        assertEquals(List.of(""), AttributeSupport.wrap(""));
    }
}
