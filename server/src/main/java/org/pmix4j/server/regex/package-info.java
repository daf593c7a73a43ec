/**
 * PMIx node and process-map regular expressions: generation compatible with libpmix 4.2.2's native and raw
 * forms, and parsing of those forms and of plain lists ({@link org.pmix4j.server.regex.NodeRegex}).
 */
package org.pmix4j.server.regex;
