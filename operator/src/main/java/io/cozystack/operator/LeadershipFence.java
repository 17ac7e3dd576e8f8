package io.cozystack.operator;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops every write the moment this replica loses the Lease. Between losing it and the process
 * exiting, reconciles already running (the framework's, and the queues of runtime-started
 * application kinds) would otherwise still write next to the new leader; the client refuses them
 * here, before they leave the process. Reads go on, so nothing blocks on the way out.
 */
public final class LeadershipFence implements Interceptor {
  private static final Logger LOG = LoggerFactory.getLogger(LeadershipFence.class);
  private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

  private final AtomicBoolean deposed = new AtomicBoolean();

  /** From now on, no write leaves the process. */
  public void depose() {
    if (deposed.compareAndSet(false, true)) {
      LOG.warn("Lost the Lease: refusing every write from now on");
    }
  }

  public boolean deposed() {
    return deposed.get();
  }

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    if (deposed.get() && !READS.contains(request.method())) {
      throw new DeposedException(request.method() + " " + request.uri().getPath());
    }
  }

  /** A write refused because this replica no longer leads. */
  public static final class DeposedException extends IllegalStateException {
    DeposedException(String request) {
      super("not the leader any more: " + request + " refused");
    }
  }
}
