/**
 * A readable, stable text form of PMIx values, used by {@code pmix4j wire decode/encode} and by tests.
 *
 * <p>A buffer is a sequence of packs, one per line: {@code TYPE [item, item, ...]} where TYPE is the data
 * type without its {@code PMIX_} prefix. Items are written without their type (the pack names it), except
 * in a pack of type VALUE, where each item is a typed value {@code TYPE payload}. The same rule holds for
 * data arrays ({@code DATA_ARRAY} payload: {@code ELEMTYPE [elements]}) and for the values inside infos,
 * kvals and pdata, which are always typed.
 *
 * <p>Payloads: {@code true}/{@code false}; decimal integers (unsigned types unsigned); BYTE and the bit
 * masks in hex ({@code 0x5a}); strings in double quotes with C escapes ({@code \n \t \" \\ \xNN}) or
 * {@code null}; byte runs as {@code x"0001feff"}; floats as the {@code %f} text that travels
 * ({@code 3.141590}); statuses by name ({@code PMIX_ERR_NOT_FOUND}) or number; ranks as numbers or
 * {@code WILDCARD}, {@code UNDEF}, {@code LOCAL_NODE}, {@code LOCAL_PEERS}, {@code INVALID}; enumerations
 * by short name ({@code GLOBAL}, {@code SESSION}, {@code RUNNING}); info flags as names joined with '|'
 * ({@code REQUIRED|QUALIFIER}, {@code NONE}); structures as {@code {field: value, ...}} with every field in
 * the order of the C struct. UNDEF and POINTER have no payload. See {@link org.pmix4j.wire.text.ValueText}
 * for every field name.
 */
package org.pmix4j.wire.text;
