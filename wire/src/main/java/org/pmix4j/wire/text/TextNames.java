package org.pmix4j.wire.text;

import java.util.List;

/** Field names shared by the formatter and the parser, for the structs with long runs of counters. */
final class TextNames {
    static final List<String> DISK_COUNTERS = List.of("num_reads_completed", "num_reads_merged",
            "num_sectors_read", "milliseconds_reading", "num_writes_completed", "num_writes_merged",
            "num_sectors_written", "milliseconds_writing", "num_ios_in_progress", "milliseconds_io",
            "weighted_milliseconds_io");
    static final List<String> NET_COUNTERS = List.of("num_bytes_recvd", "num_packets_recvd", "num_recv_errs",
            "num_bytes_sent", "num_packets_sent", "num_send_errs");
    static final List<String> NODE_FIGURES = List.of("la", "la5", "la15", "total_mem", "free_mem", "buffers",
            "cached", "swap_cached", "swap_total", "swap_free", "mapped");

    private TextNames() {
    }
}
