package io.cozystack.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;

/**
 * {@code java -jar operator/target/operator.jar} (or another of the project's jars, or another
 * program) as a child process, its output collected.
 */
final class OperatorProcess {
  final Process process;
  final List<String> output = new CopyOnWriteArrayList<>();
  private final Thread reader;
  private final String prefix;

  private OperatorProcess(Process process, String prefix, boolean echo) {
    this.process = process;
    this.prefix = prefix;
    this.reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  output.add(line);
                  if (echo) {
                    System.out.println("[" + prefix + "] " + line);
                  }
                }
              } catch (IOException ignored) {
                // the process ended
              }
            },
            prefix + "-output");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts the operator's jar with these arguments and extra environment (KUBECONFIG, ...), its JVM
   * launched as the chart's pod launches it ({@link OperatorJvm}).
   */
  static OperatorProcess start(String prefix, Map<String, String> env, List<String> args)
      throws IOException {
    return startJar(
        System.getProperty("operator.jar"), OperatorJvm.flags(), prefix, env, args, true);
  }

  /**
   * The same with more JVM flags, its output collected but not printed (a test starting it many
   * times prints {@link #echo()} only when it needs the output).
   */
  static OperatorProcess startQuietly(
      String prefix, Map<String, String> env, List<String> jvmFlags, List<String> args)
      throws IOException {
    List<String> flags = new ArrayList<>(OperatorJvm.flags());
    flags.addAll(jvmFlags);
    return startJar(System.getProperty("operator.jar"), flags, prefix, env, args, false);
  }

  /** Starts {@code jar} with these arguments and extra environment. */
  static OperatorProcess startJar(
      String jar, String prefix, Map<String, String> env, List<String> args) throws IOException {
    return startJar(jar, List.of(), prefix, env, args, true);
  }

  private static OperatorProcess startJar(
      String jar,
      List<String> jvmFlags,
      String prefix,
      Map<String, String> env,
      List<String> args,
      boolean echo)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmFlags);
    command.add("-jar");
    command.add(jar);
    command.addAll(args);
    return launch(prefix, env, command, echo);
  }

  /** Starts {@code command} (any program, e.g. a Flux controller) with extra environment. */
  static OperatorProcess startCommand(String prefix, Map<String, String> env, List<String> command)
      throws IOException {
    return launch(prefix, env, command, true);
  }

  private static OperatorProcess launch(
      String prefix, Map<String, String> env, List<String> command, boolean echo)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    return new OperatorProcess(builder.start(), prefix, echo);
  }

  boolean saw(String text) {
    return output.stream().anyMatch(l -> l.contains(text));
  }

  void await(String text, int seconds) {
    Awaitility.await().atMost(Duration.ofSeconds(seconds)).until(() -> saw(text));
  }

  /** Prints the output collected so far, each line with the prefix. */
  void echo() {
    output.forEach(line -> System.out.println("[" + prefix + "] " + line));
  }

  /** Waits until the output is read to its end (after the process exited). */
  void drain() throws InterruptedException {
    reader.join(5_000);
  }
}
