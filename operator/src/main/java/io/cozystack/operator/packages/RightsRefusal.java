package io.cozystack.operator.packages;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the API server refused a bounded catalog, read from helm-controller's failure message: the
 * object, and the missing right. Three refusals name a catalog's ServiceAccount ({@code
 * system:serviceaccount:<ns>:cozy-catalog-<source>}): RBAC's "cannot <verb> resource", RBAC's
 * escalation check ("attempting to grant RBAC permissions not currently held") and the catalog's
 * admission policy for CRDs.
 */
public final class RightsRefusal {
  /** Component-state message prefix and Package reason of such a failure. */
  public static final String REASON = "OutsideDeclaredRights";

  private static final String ACCOUNT =
      "system:serviceaccount:[^:\"\\s]+:" + Pattern.quote(CatalogTrust.PREFIX) + "([^\"\\s]+)";
  private static final Pattern CANNOT =
      Pattern.compile(
          "(\\S+) \"([^\"]*)\" is forbidden: User \""
              + ACCOUNT
              + "\" cannot (\\w+) resource \"([^\"]+)\" in API group \"([^\"]*)\""
              + "(?: in the namespace \"([^\"]+)\")?");
  private static final Pattern ESCALATE =
      Pattern.compile(
          "(\\S+) \"([^\"]*)\" is forbidden: user \""
              + ACCOUNT
              + "\" \\(groups=[^)]*\\) is attempting to grant RBAC permissions not currently held");
  private static final Pattern POLICY =
      Pattern.compile(
          "(\\S+) \"([^\"]*)\" is forbidden: ValidatingAdmissionPolicy '"
              + Pattern.quote(CatalogTrust.PREFIX)
              + "([^']+)' with binding '[^']*' denied request: ([^\\n]*)");

  private RightsRefusal() {}

  /** The refusal helm-controller's message carries, said plainly; empty for any other failure. */
  public static Optional<String> describe(String message) {
    if (message == null) {
      return Optional.empty();
    }
    Matcher m = CANNOT.matcher(message);
    if (m.find()) {
      String group = m.group(6).isEmpty() ? "core" : m.group(6);
      return Optional.of(
          "catalog source "
              + m.group(3)
              + " may not "
              + m.group(4)
              + " "
              + m.group(5)
              + " (API group "
              + group
              + ") "
              + m.group(2)
              + (m.group(7) == null ? "" : " in namespace " + m.group(7))
              + ": the right is not among those the catalog declares (spec.catalog.rights)");
    }
    m = ESCALATE.matcher(message);
    if (m.find()) {
      return Optional.of(
          "catalog source "
              + m.group(3)
              + " may not create "
              + m.group(1)
              + " "
              + m.group(2)
              + ": it grants rights the catalog does not hold (bind and escalate are never"
              + " granted)");
    }
    m = POLICY.matcher(message);
    if (m.find()) {
      return Optional.of(
          "catalog source "
              + m.group(3)
              + " refused "
              + m.group(1)
              + " "
              + m.group(2)
              + ": "
              + m.group(4).strip());
    }
    return Optional.empty();
  }
}
