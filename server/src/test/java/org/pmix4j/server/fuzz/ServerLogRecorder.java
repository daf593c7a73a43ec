package org.pmix4j.server.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The slf4j binding of the server module's tests: silent, as the tests ran before it (no binding), except
 * while a test has {@linkplain #start started} recording. It then keeps what shows a defect rather than a
 * peer's bad input: every ERROR, and every event that carries an exception (the safety nets of the event
 * loop and of request dispatch log those; a peer's malformed input is logged at WARN without one), and
 * counts why connections were closed ({@code Connection}'s DEBUG line).
 */
public final class ServerLogRecorder implements SLF4JServiceProvider {
    private static final List<String> RECORDED = new ArrayList<>();
    private static final Map<String, Integer> CLOSES = new TreeMap<>();
    private static volatile boolean recording;

    private final ILoggerFactory loggers = Recorder::new;
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    /** Whether slf4j bound this recorder (another binding on the class path may have been chosen instead). */
    static boolean bound() {
        return LoggerFactory.getILoggerFactory().getLogger("probe") instanceof Recorder;
    }

    static synchronized void start() {
        RECORDED.clear();
        CLOSES.clear();
        recording = true;
    }

    /** Stops recording and returns what was recorded since {@link #start}. */
    static synchronized List<String> stop() {
        recording = false;
        return List.copyOf(RECORDED);
    }

    /** Why the server closed connections while recording (digits left out), and how often. */
    static synchronized Map<String, Integer> closes() {
        return new TreeMap<>(CLOSES);
    }

    private static synchronized void closed(String why) {
        if (recording) {
            // the kind of reason, not the peer's name or numbers
            String kind = why.replaceFirst("^(client |[A-Z_]+ )?(\\(uid -?[0-9]+\\)|[^ ]*:[0-9]+)?: ", "")
                    .replaceAll("-?[0-9]+", "N").replaceAll("'[^']*'", "'..'");
            CLOSES.merge(kind.length() > 110 ? kind.substring(0, 110) + "..." : kind, 1, Integer::sum);
        }
    }

    private static synchronized void record(String event) {
        if (recording && RECORDED.size() < 1000) {
            RECORDED.add(event);
        }
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
    }

    private static final class Recorder extends LegacyAbstractLogger {
        private static final long serialVersionUID = 1L;
        private static final String CONNECTION = "org.pmix4j.server.net.Connection";

        Recorder(String name) {
            this.name = name;
        }

        @Override
        public boolean isTraceEnabled() {
            return false;
        }

        @Override
        public boolean isDebugEnabled() {
            return recording && name.equals(CONNECTION);
        }

        @Override
        public boolean isInfoEnabled() {
            return false;
        }

        @Override
        public boolean isWarnEnabled() {
            return recording;
        }

        @Override
        public boolean isErrorEnabled() {
            return recording;
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] args,
                Throwable t) {
            if (level == Level.DEBUG && name.equals(CONNECTION) && pattern.startsWith("connection {} closed")
                    && args != null && args.length == 2) {
                closed(String.valueOf(args[1]));
                return;
            }
            if (level != Level.ERROR && t == null) {
                return;
            }
            String text = MessageFormatter.basicArrayFormat(pattern, args);
            StringBuilder b = new StringBuilder(level + " " + name + ": " + text);
            if (t != null) {
                b.append("\n    ").append(t);
                StackTraceElement[] st = t.getStackTrace();
                for (int i = 0; i < Math.min(12, st.length); i++) {
                    b.append("\n      at ").append(st[i]);
                }
            }
            record(b.toString());
        }
    }
}
