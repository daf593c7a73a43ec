/** The JVM's floor for bench/jvm-init.sh: a main that does nothing but say when it began (µs since the epoch). */
public final class Empty {
    public static void main(String[] args) {
        java.time.Instant now = java.time.Instant.now();
        long us = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
        System.out.println("hello-time rank=0 main_us=" + us + " init_us=" + us);
    }
}
