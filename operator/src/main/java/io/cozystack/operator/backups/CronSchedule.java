package io.cozystack.operator.backups;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;
import java.util.Map;
import java.util.Optional;

/**
 * A standard 5-field cron expression (minute, hour, day of month, month, day of week; lists,
 * ranges, steps, {@code *}) or a macro ({@code @hourly}, {@code @daily}, {@code @weekly}, {@code
 * @monthly}, {@code @yearly}), evaluated in UTC. As in cron, when both day fields are restricted a
 * day matches if either does.
 */
final class CronSchedule {
  private static final Map<String, String> MACROS =
      Map.of(
          "@yearly", "0 0 1 1 *",
          "@annually", "0 0 1 1 *",
          "@monthly", "0 0 1 * *",
          "@weekly", "0 0 * * 0",
          "@daily", "0 0 * * *",
          "@midnight", "0 0 * * *",
          "@hourly", "0 * * * *");

  private final BitSet minutes;
  private final BitSet hours;
  private final BitSet days;
  private final BitSet months;
  private final BitSet weekdays;
  private final boolean anyDay;
  private final boolean anyWeekday;

  private CronSchedule(String[] f) {
    minutes = field(f[0], 0, 59, "minute");
    hours = field(f[1], 0, 23, "hour");
    days = field(f[2], 1, 31, "day of month");
    months = field(f[3], 1, 12, "month");
    weekdays = field(f[4], 0, 7, "day of week");
    if (weekdays.get(7)) {
      weekdays.set(0);
    }
    anyDay = f[2].equals("*");
    anyWeekday = f[4].equals("*");
  }

  /** The schedule, or an exception whose message says what is wrong with the expression. */
  static CronSchedule parse(String expression) {
    String text = expression == null ? "" : expression.trim();
    text = MACROS.getOrDefault(text, text);
    String[] fields = text.split("\\s+");
    if (fields.length != 5) {
      throw new IllegalArgumentException(
          "'"
              + expression
              + "' has "
              + fields.length
              + " fields; cron needs 5 (minute hour day month weekday) or a macro such as @daily");
    }
    return new CronSchedule(fields);
  }

  /** The latest fire time at or before {@code at}, if any within a year. */
  Optional<ZonedDateTime> latestAtOrBefore(ZonedDateTime at) {
    ZonedDateTime t = at.withZoneSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES);
    for (int i = 0; i < 366 * 24 * 60; i++) {
      if (matches(t)) {
        return Optional.of(t);
      }
      t = t.minusMinutes(1);
    }
    return Optional.empty();
  }

  /** The first fire time strictly after {@code at}, if any within a year. */
  Optional<ZonedDateTime> nextAfter(ZonedDateTime at) {
    ZonedDateTime t =
        at.withZoneSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
    for (int i = 0; i < 366 * 24 * 60; i++) {
      if (matches(t)) {
        return Optional.of(t);
      }
      t = t.plusMinutes(1);
    }
    return Optional.empty();
  }

  boolean matches(ZonedDateTime t) {
    boolean dayOfMonth = days.get(t.getDayOfMonth());
    boolean dayOfWeek = weekdays.get(t.getDayOfWeek().getValue() % 7);
    boolean day =
        anyDay && anyWeekday
            ? true
            : anyDay ? dayOfWeek : anyWeekday ? dayOfMonth : dayOfMonth || dayOfWeek;
    return minutes.get(t.getMinute())
        && hours.get(t.getHour())
        && months.get(t.getMonthValue())
        && day;
  }

  private static BitSet field(String text, int min, int max, String name) {
    BitSet set = new BitSet();
    for (String part : text.split(",")) {
      String[] stepped = part.split("/", -1);
      int step = 1;
      if (stepped.length == 2) {
        step = number(stepped[1], 1, max, name);
      } else if (stepped.length > 2) {
        throw bad(text, name);
      }
      int from;
      int to;
      if (stepped[0].equals("*")) {
        from = min;
        to = max;
      } else if (stepped[0].contains("-")) {
        String[] range = stepped[0].split("-", -1);
        if (range.length != 2) {
          throw bad(text, name);
        }
        from = number(range[0], min, max, name);
        to = number(range[1], min, max, name);
      } else {
        from = number(stepped[0], min, max, name);
        to = stepped.length == 2 ? max : from;
      }
      if (from > to) {
        throw bad(text, name);
      }
      for (int v = from; v <= to; v += step) {
        set.set(v);
      }
    }
    return set;
  }

  private static int number(String text, int min, int max, String name) {
    try {
      int v = Integer.parseInt(text);
      if (v < min || v > max) {
        throw new IllegalArgumentException(name + " " + v + " is outside " + min + "-" + max);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " '" + text + "' is not a number");
    }
  }

  private static IllegalArgumentException bad(String text, String name) {
    return new IllegalArgumentException(name + " field '" + text + "' is not valid cron");
  }
}
