package io.stagedoor.config;

import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.workers.WorkerSettings;
import java.util.Map;

/** The settings of every part, as they are being built from defaults and overrides. Mutable; not thread-safe. */
final class Settings {

    IngressSettings.Builder ingress = IngressSettings.builder("127.0.0.1:9092");
    WorkerSettings workers = WorkerSettings.defaults();
    TopicSettings topics = TopicSettings.defaults();
    Limits limits = Limits.defaults();
    Map<String, String> kafkaClient = Map.of();
}
