package io.cozystack.contracts.validation;

import java.nio.file.Path;

/**
 * Findings as GitHub Actions workflow commands: {@code ::error file=<path>,line=<n>,title=<rule>::
 * <message> fix: <fix>}, which GitHub shows as an annotation on that line of the pull request. The
 * path is the finding's file under the catalog directory as the command was given it (relative to
 * the working directory, which in a workflow is the repository's root); a finding about the catalog
 * as a whole (line 0) carries no line.
 */
final class GithubAnnotations {
  private GithubAnnotations() {}

  static String error(Finding finding, Path catalogDir) {
    StringBuilder line = new StringBuilder(finding.isError() ? "::error " : "::warning ");
    if (finding.file() != null && !finding.file().isEmpty()) {
      line.append("file=").append(property(path(catalogDir, finding.file()))).append(',');
      if (finding.line() > 0) {
        line.append("line=").append(finding.line()).append(',');
      }
    }
    line.append("title=").append(property("cozy-catalog [" + finding.rule() + "]"));
    line.append("::").append(data(finding.message() + "\nfix: " + finding.fix()));
    return line.toString();
  }

  /** The file as seen from the working directory: relative when it lies under it. */
  static String path(Path catalogDir, String file) {
    Path p = catalogDir.resolve(file).normalize();
    Path cwd = Path.of("").toAbsolutePath().normalize();
    if (p.isAbsolute() && p.startsWith(cwd)) {
      p = cwd.relativize(p);
    }
    String s = p.toString().replace('\\', '/');
    return s.isEmpty() ? "." : s;
  }

  /** Escaping of a command's message, as the Actions toolkit does it. */
  static String data(String s) {
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
  }

  /** Escaping of a property value: the message's, and ':' and ','. */
  static String property(String s) {
    return data(s).replace(":", "%3A").replace(",", "%2C");
  }
}
