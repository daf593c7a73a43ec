package org.pmix4j.server.modex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pmix4j.api.KeyValue;
import org.pmix4j.api.Value;
import org.pmix4j.wire.BufferKind;

/**
 * A process's committed data as a libpmix client sends it: every value of the scope again with each commit.
 * What is new or changed is reported, whatever the order, and the data held is what a fresh decoding of the
 * last values would give, whether a resent value was recognised by its bytes or decoded.
 */
class CommittedDataTest {
    static final BufferKind OURS = BufferKind.NON_DESCRIBED;

    static KeyValue kv(String key, String value) {
        return new KeyValue(key, Value.of(value));
    }

    static byte[] packed(BufferKind kind, KeyValue... kvs) {
        return CommittedData.encode(List.of(kvs), kind);
    }

    static List<String> keys(List<KeyValue> kvs) {
        return kvs.stream().map(KeyValue::key).toList();
    }

    @Test
    void resentValuesInTheSameOrderAreNotChangesAndTheNewOneIs() {
        CommittedData d = new CommittedData(OURS);
        assertEquals(List.of("a", "b"), keys(d.append(packed(OURS, kv("a", "1"), kv("b", "2")), OURS)));
        assertEquals(List.of(), d.append(packed(OURS, kv("a", "1"), kv("b", "2")), OURS));
        assertEquals(List.of("c"), keys(d.append(packed(OURS, kv("a", "1"), kv("b", "2"), kv("c", "3")), OURS)));
        assertEquals(List.of(kv("a", "1"), kv("b", "2"), kv("c", "3")), CommittedData.decode(d.bytes(OURS), OURS));
    }

    @Test
    void aChangedValueInTheMiddleIsFoundAndTheRestStillRecognised() {
        CommittedData d = new CommittedData(OURS);
        d.append(packed(OURS, kv("a", "1"), kv("b", "2"), kv("c", "3")), OURS);
        assertEquals(List.of("b"), keys(d.append(packed(OURS, kv("a", "1"), kv("b", "two"), kv("c", "3")), OURS)));
        // a value of the same length at the same place, then back to the first: each is a change
        assertEquals(List.of("b"), keys(d.append(packed(OURS, kv("a", "1"), kv("b", "TWO"), kv("c", "3")), OURS)));
        assertEquals(List.of("b"), keys(d.append(packed(OURS, kv("a", "1"), kv("b", "2"), kv("c", "3")), OURS)));
        assertEquals(List.of(kv("a", "1"), kv("b", "2"), kv("c", "3")), CommittedData.decode(d.bytes(OURS), OURS));
    }

    @Test
    void anotherOrderIsDecodedAndGivesNoFalseChange() {
        CommittedData d = new CommittedData(OURS);
        d.append(packed(OURS, kv("a", "1"), kv("b", "2"), kv("c", "3")), OURS);
        assertEquals(List.of(), d.append(packed(OURS, kv("c", "3"), kv("a", "1"), kv("b", "2")), OURS));
        assertEquals(List.of("a"), keys(d.append(packed(OURS, kv("b", "2"), kv("c", "3"), kv("a", "one")), OURS)));
        // the keys keep the order they first came in
        assertEquals(List.of(kv("a", "one"), kv("b", "2"), kv("c", "3")), CommittedData.decode(d.bytes(OURS), OURS));
    }

    @Test
    void aKeyGivenTwiceInOneCommitEndsWithItsLastValue() {
        CommittedData d = new CommittedData(OURS);
        d.append(packed(OURS, kv("a", "1"), kv("a", "2")), OURS);
        // each differs from the value held when it is read: both are reported, the last one is kept
        assertEquals(List.of("a", "a"), keys(d.append(packed(OURS, kv("a", "1"), kv("a", "3")), OURS)));
        assertEquals(List.of(kv("a", "3")), CommittedData.decode(d.bytes(OURS), OURS));
    }

    @Test
    void commitsInTheOtherKindAreDecodedAndKeptInOurs() {
        CommittedData d = new CommittedData(OURS);
        BufferKind other = BufferKind.FULLY_DESCRIBED;
        assertEquals(List.of("a", "b"), keys(d.append(packed(other, kv("a", "1"), kv("b", "2")), other)));
        assertEquals(List.of(), d.append(packed(other, kv("a", "1"), kv("b", "2")), other));
        assertEquals(List.of("b"), keys(d.append(packed(other, kv("a", "1"), kv("b", "3")), other)));
        assertArrayEquals(packed(OURS, kv("a", "1"), kv("b", "3")), d.bytes(OURS));
    }
}
