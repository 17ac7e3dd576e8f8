package io.cozystack.contracts.apiserver;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The string formats the API server checks, as far as this platform's CRDs and catalogs use them; a
 * format it does not know is not checked, as the API server does not check one either.
 */
final class Formats {
  private static final Pattern UUID =
      Pattern.compile(
          "^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$");
  private static final Pattern HOSTNAME =
      Pattern.compile(
          "^([a-zA-Z0-9]([-a-zA-Z0-9]{0,61}[a-zA-Z0-9])?)(\\.([a-zA-Z0-9]([-a-zA-Z0-9]{0,61}[a-zA-Z0-9])?))*\\.?$");
  private static final Pattern IPV4 =
      Pattern.compile(
          "^((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$");

  private Formats() {}

  static boolean valid(String format, String text) {
    return switch (format) {
      case "date-time", "datetime" -> dateTime(text);
      case "date" -> date(text);
      case "byte" -> base64(text);
      case "uuid" -> UUID.matcher(text).matches();
      case "hostname" -> text.length() <= 255 && HOSTNAME.matcher(text).matches();
      case "ipv4" -> IPV4.matcher(text).matches();
      default -> true;
    };
  }

  private static boolean dateTime(String text) {
    try {
      OffsetDateTime.parse(text);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static boolean date(String text) {
    try {
      LocalDate.parse(text);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static boolean base64(String text) {
    try {
      Base64.getDecoder().decode(text);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
