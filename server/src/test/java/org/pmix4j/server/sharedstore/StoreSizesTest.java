package org.pmix4j.server.sharedstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The segment sizes libpmix's variables give, as the server reads them. */
class StoreSizesTest {
    @Test
    void libpmixsDefaultsAndAPageAtLeast() {
        assertEquals(new StoreSizes(4096, 4L << 20, 4L << 20), StoreSizes.from(Map.of()));
        assertEquals(new StoreSizes(4096, 4096, 1L << 30),
                StoreSizes.from(Map.of("NS_META_SEG_SIZE", "10", "NS_DATA_SEG_SIZE", Long.toString(1L << 30))));
    }

    @Test
    void aSizeThatIsNoNumberIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StoreSizes.from(Map.of("NS_DATA_SEG_SIZE", "4g")));
        assertTrue(e.getMessage().contains("NS_DATA_SEG_SIZE=4g"), e.getMessage());
    }
}
