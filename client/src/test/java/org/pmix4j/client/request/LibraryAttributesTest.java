package org.pmix4j.client.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.AttributeDescription;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.DataArray;
import org.pmix4j.api.Info;
import org.pmix4j.api.Query;
import org.pmix4j.api.Value;

class LibraryAttributesTest {
    private static Query attributes(Info... qualifiers) {
        return new Query(List.of(Attributes.QUERY_ATTRIBUTE_SUPPORT.key()), List.of(qualifiers));
    }

    @Test
    void theClientsOwnAttributesOfPmixInitAreAnsweredHereWithStopInInit() {
        LibraryAttributes.Split s = LibraryAttributes.split(List.of(attributes(
                Info.of(Attributes.CLIENT_ATTRIBUTES.key(), Value.of("PMIx_Init")))));
        assertTrue(s.toServer().isEmpty(), "nothing is sent for the library's own attributes");
        assertEquals(1, s.answeredHere().size(), s.answeredHere().toString());
        DataArray perFunction = (DataArray) s.answeredHere().get(0).value();
        Info init = (Info) perFunction.elements().get(0);
        assertEquals("PMIx_Init", init.key());
        AttributeDescription d = (AttributeDescription) ((DataArray) init.value()).elements().get(0);
        assertEquals("PMIX_DEBUG_STOP_IN_INIT", d.macroName());
    }

    @Test
    void theHostsAndServersPartGoesToTheServerAndOtherQueriesUntouched() {
        Query host = attributes(Info.of(Attributes.HOST_ATTRIBUTES.key(), Value.of("PMIx_Spawn")),
                Info.of(Attributes.TOOL_FUNCTIONS.key(), Value.of(true)));
        Query namespaces = new Query(List.of(Attributes.QUERY_NAMESPACES.key()), List.of());
        LibraryAttributes.Split s = LibraryAttributes.split(List.of(host, namespaces));
        assertEquals(List.of(attributes(Info.of(Attributes.HOST_ATTRIBUTES.key(), Value.of("PMIx_Spawn"))), namespaces),
                s.toServer());
        assertEquals(List.of(Info.of(Attributes.TOOL_FUNCTIONS.key(), Value.of("PMIx_tool_init"))), s.answeredHere());
    }
}
