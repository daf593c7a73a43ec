package org.pmix4j.client.programs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.pmix4j.api.Attributes;
import org.pmix4j.api.Info;
import org.pmix4j.api.IofChannel;
import org.pmix4j.api.PmixException;
import org.pmix4j.api.PmixStatus;
import org.pmix4j.api.Proc;
import org.pmix4j.api.Query;
import org.pmix4j.client.EventOutcome;
import org.pmix4j.client.tool.PmixTool;

/**
 * A tool for the interop tests: connects with the attributes its arguments name, reports who it is and
 * where it is connected, and optionally does something there. Arguments, in any order:
 * <ul>
 * <li>{@code pid=N}, {@code nspace=NS}, {@code uri=URI}, {@code tcpuri=URI}, {@code file=PATH}, {@code system},
 * {@code systemfirst}, {@code nocon}, {@code optional}, {@code toolns=NS}, {@code toolrank=R}, {@code retries=N},
 * {@code delay=S}, {@code wait}, {@code timeout=S}, {@code launcher}, {@code tmpdir=DIR}, {@code systmp=DIR}:
 * the init attributes;</li>
 * <li>{@code query=KEY}: a query on the primary server; {@code iof}: pull output and print what arrives;
 * {@code attach=<attribute>=<value>}: attach to a second server (same spellings);
 * {@code setserver=NS}: make that server primary; {@code keepalive}: wait for PMIX_EVENT_JOB_END;
 * {@code env}: print the launcher variables a child would see; {@code sleep=S}.</li>
 * </ul>
 * Prints {@code TOOL ...} lines; on a PMIx failure {@code TOOL ERROR <status> <message>} and exit code 3.
 */
public final class ToolProgram {
    public static void main(String[] args) throws Exception {
        List<Info> init = new ArrayList<>();
        List<String> actions = new ArrayList<>();
        for (String a : args) {
            if (!addAttribute(init, a)) {
                actions.add(a);
            }
        }
        PmixTool tool;
        try {
            tool = PmixTool.init(init);
        } catch (PmixException e) {
            System.out.println("TOOL ERROR " + e.statusName() + " " + e.detail());
            System.exit(3);
            return;
        }
        try (tool) {
            System.out.println("TOOL self=" + tool.self() + " servers=" + tool.servers() + " connected="
                    + tool.isConnected());
            for (String a : actions) {
                act(tool, a);
            }
        } catch (PmixException e) {
            System.out.println("TOOL ERROR " + e.statusName() + " " + e.detail());
            System.out.flush();
            System.exit(3);
        }
        System.out.flush();
    }

    private static boolean addAttribute(List<Info> init, String a) {
        int eq = a.indexOf('=');
        String k = eq < 0 ? a : a.substring(0, eq);
        String v = eq < 0 ? null : a.substring(eq + 1);
        switch (k) {
            case "pid" -> init.add(Attributes.SERVER_PIDINFO.info(Integer.parseInt(v)));
            case "nspace" -> init.add(Attributes.SERVER_NSPACE.info(v));
            case "uri" -> init.add(Attributes.SERVER_URI.info(v));
            case "tcpuri" -> init.add(Attributes.TCP_URI.info(v));
            case "file" -> init.add(Attributes.TOOL_ATTACHMENT_FILE.info(v));
            case "system" -> init.add(Attributes.CONNECT_TO_SYSTEM.info(true));
            case "systemfirst" -> init.add(Attributes.CONNECT_SYSTEM_FIRST.info(true));
            case "nocon" -> init.add(Attributes.TOOL_DO_NOT_CONNECT.info(true));
            case "optional" -> init.add(Attributes.TOOL_CONNECT_OPTIONAL.info(true));
            case "toolns" -> init.add(Attributes.TOOL_NSPACE.info(v));
            case "toolrank" -> init.add(Attributes.TOOL_RANK.info(Integer.parseInt(v)));
            case "retries" -> init.add(Attributes.CONNECT_MAX_RETRIES.info(Integer.parseInt(v)));
            case "delay" -> init.add(Attributes.CONNECT_RETRY_DELAY.info(Integer.parseInt(v)));
            case "wait" -> init.add(Attributes.WAIT_FOR_CONNECTION.info(true));
            case "timeout" -> init.add(Attributes.TIMEOUT.info(Integer.parseInt(v)));
            case "launcher" -> init.add(Attributes.LAUNCHER.info(true));
            case "tmpdir" -> init.add(Attributes.SERVER_TMPDIR.info(v));
            case "systmp" -> init.add(Attributes.SYSTEM_TMPDIR.info(v));
            case "primary" -> init.add(Attributes.PRIMARY_SERVER.info(true));
            default -> {
                return false;
            }
        }
        return true;
    }

    private static void act(PmixTool tool, String a) throws Exception {
        int eq = a.indexOf('=');
        String k = eq < 0 ? a : a.substring(0, eq);
        String v = eq < 0 ? null : a.substring(eq + 1);
        switch (k) {
            case "query" -> {
                List<Info> r = tool.query(List.of(new Query(List.of(v), List.of())));
                for (Info i : r) {
                    System.out.println("TOOL query " + i.key() + "=" + i.value());
                }
            }
            case "iof" -> {
                CountDownLatch got = new CountDownLatch(1);
                long id = tool.iofPull(List.of(Proc.wildcard(v == null ? "" : v)), IofChannel.STDOUT | IofChannel.STDERR,
                        List.of(), out -> {
                            System.out.println("TOOL iof from " + out.source() + ": " + out.text().strip());
                            got.countDown();
                        });
                System.out.println("TOOL iof pulled " + (got.await(20, TimeUnit.SECONDS) ? "received" : "nothing"));
                tool.iofDeregister(id, List.of());
            }
            case "attach" -> {
                List<Info> more = new ArrayList<>();
                for (String part : v.split(",")) {
                    addAttribute(more, part);
                }
                Proc s = tool.attachToServer(more);
                System.out.println("TOOL attached " + s + " servers=" + tool.servers() + " primary="
                        + tool.server().orElse(null));
            }
            case "setserver" -> {
                Proc target = tool.servers().stream().filter(p -> p.nspace().equals(v)).findFirst()
                        .orElse(new Proc(v, 0));
                tool.setServer(target, List.of());
                System.out.println("TOOL primary=" + tool.server().orElse(null));
            }
            case "disconnect" -> {
                Proc target = tool.servers().stream().filter(p -> p.nspace().equals(v)).findFirst().orElseThrow();
                tool.disconnectServer(target);
                System.out.println("TOOL disconnected " + target + " servers=" + tool.servers() + " primary="
                        + tool.server().orElse(null));
            }
            case "keepalive" -> {
                CountDownLatch end = new CountDownLatch(1);
                tool.registerEventHandler(List.of(PmixStatus.PMIX_EVENT_JOB_END), List.of(), e -> {
                    System.out.println("TOOL job-end affected=" + e.affected());
                    end.countDown();
                    return EventOutcome.COMPLETE;
                });
                System.out.println("TOOL keepalive " + (end.await(30, TimeUnit.SECONDS) ? "ended" : "timeout"));
            }
            case "env" -> {
                System.out.println("TOOL cleared=" + tool.environmentCleared() + " getenv="
                        + (System.getenv("PMIX_KEEPALIVE_PIPE") != null || System.getenv("PMIX_LAUNCHER_RNDZ_URI") != null
                        || System.getenv("PMIX_LAUNCHER_RNDZ_FILE") != null));
                Process p = PmixTool.processBuilder(List.of("env")).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                p.waitFor();
                System.out.println("TOOL child-env-has-launcher-variables=" + (out.contains("PMIX_KEEPALIVE_PIPE=")
                        || out.contains("PMIX_LAUNCHER_RNDZ_URI=") || out.contains("PMIX_LAUNCHER_RNDZ_FILE=")));
                Process q = new ProcessBuilder("env").start();
                String plain = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                q.waitFor();
                System.out.println("TOOL plain-child-env-has-launcher-variables=" + (plain.contains("PMIX_KEEPALIVE_PIPE=")
                        || plain.contains("PMIX_LAUNCHER_RNDZ_URI=") || plain.contains("PMIX_LAUNCHER_RNDZ_FILE=")));
            }
            case "sleep" -> Thread.sleep(Long.parseLong(v) * 1000);
            default -> throw new IllegalArgumentException("unknown action " + a);
        }
    }
}
