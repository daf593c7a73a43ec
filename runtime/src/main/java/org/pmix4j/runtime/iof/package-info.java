/**
 * IO forwarding of {@code pmix4j run}: the processes' stdout and stderr to the launcher's (or to files),
 * formatted as PRRTE's {@code --output} directives say, and the launcher's stdin to the processes.
 *
 * <h2>Output</h2>
 * {@link org.pmix4j.runtime.iof.OutputOptions} parses {@code --output} (and
 * {@link org.pmix4j.runtime.iof.DeprecatedOutputOptions} converts {@code --tag-output}, {@code --xml} ...
 * to it); {@link org.pmix4j.runtime.iof.IoForwarder} forwards: one reader thread per stream of each
 * process, whole lines written atomically to shared destinations, the last unfinished line of a stream
 * written when it ends, files created on first output and closed when their last writer ends. Every chunk
 * read is also offered to {@link org.pmix4j.runtime.iof.OutputListener}s, which is how output reaches PMIx
 * tools. {@link org.pmix4j.runtime.iof.StreamBuffering} maps {@code --stream-buffering}.
 * {@link org.pmix4j.runtime.iof.OutputTakers} records what tools' pulls redirect (PMIx_IOF_pull without
 * PMIX_IOF_COPY, until PMIX_IOF_STOP: the host's {@code iofPull} hands it each); the forwarder leaves that
 * out of the launcher's stdout and stderr, deciding per batch of lines as it writes (files keep it all).
 *
 * <h2>Input</h2>
 * {@link org.pmix4j.runtime.iof.StdinTarget} parses {@code --stdin} (default rank 0);
 * {@link org.pmix4j.runtime.iof.StdinRouter} copies the launcher's stdin to the targets' pipes through a
 * fixed pool of buffers (bounded memory, backpressure, every byte once to each target, EOF at the end).
 * {@link org.pmix4j.runtime.iof.ToolStdin} writes the stdin that tools push ({@code PMIx_IOF_push}) to the
 * processes of jobs spawned with PMIX_FWD_STDIN ({@code ToolStdin.targetsOf} reads which ranks); the host's
 * {@code pushStdin} hands it each push.
 *
 * <h2>Wiring (RunCommand / LocalRuntime / LocalProcessLauncher)</h2>
 * <pre>{@code
 * // RunCommand: --output (repeatable), deprecated spellings, --stdin, --stream-buffering
 * List<String> out = new ArrayList<>(outputValues);
 * if (tagOutput) { err.println(DeprecatedOutputOptions.warning("--tag-output", null));
 *                  out.add(DeprecatedOutputOptions.toOutputDirective("--tag-output", null)); }   // likewise the others
 * OutputOptions output = OutputOptions.parse(out);          // IllegalArgumentException -> usage error (exit 2)
 * StdinTarget stdin = StdinTarget.parse(stdinValue == null ? "0" : stdinValue);
 * Integer sb = streamBuffering == null ? null : StreamBuffering.parse(streamBuffering);
 * if (sb != null) output = StreamBuffering.apply(sb, output);
 *
 * // LocalRuntime: one forwarder for the run
 * IoForwarder iof = new IoForwarder(output, stdoutStream, stderrStream, hostname);
 * iof.addListener((src, ch, data) -> server.iofDeliver(src, ch, data, List.of()));   // PMIx tools
 * stdin.checkAgainst(np);                                    // the user's job only
 *
 * // LocalProcessLauncher, per process
 * if (sb != null) childEnv.putAll(StreamBuffering.environment(sb));
 * boolean target = job.parent() == null && stdin.receives(rank);
 * pb.redirectInput(target ? Redirect.PIPE : Redirect.from(new File("/dev/null")));
 * Process p = pb.start();
 * ProcessOutput po = iof.attach(proc, p.pid(), jobSize,
 *         job.parent() == null ? output : output.withDirectives(spawnDirectives),
 *         p.getInputStream(), p.getErrorStream());
 * if (target) router.addTarget(proc, p.getOutputStream());
 * // LaunchedProcess.waitFor: process.waitFor(), then po.await() (replaces joining the copy threads)
 *
 * // after the user's job is launched
 * StdinRouter router = StdinRouter.ofLauncherStdin();  // created before launch; targets added in fork
 * router.start();                                     // reads nothing if there is no target
 *
 * // launcher messages while processes run: iof.launcherMessage("pmix4j run: ...") (never mid-line)
 * // at the end: rte.awaitAll(); iof.awaitAll(); iof.close(); router.close();
 * // job registration may carry output.registrationInfos() (the PMIX_IOF_* keys PRRTE registers)
 * }</pre>
 */
package org.pmix4j.runtime.iof;
