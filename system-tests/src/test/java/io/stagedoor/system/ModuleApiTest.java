package io.stagedoor.system;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Each module's API, the types other modules may use, is declared here and nowhere else, and the build holds it:
 * production code of one module uses no type of another but its API (tests and {@code bench}, which measures
 * internals, may). A type is in the API with its nested types; a type becomes API by a line here, in review.
 * {@code topics} is the contract and wholly API; {@code client}'s API is its root package, held by the rule that no
 * module uses another's {@code internal} package; {@code test-support} serves tests alone.
 */
@AnalyzeClasses(
        packages = "io.stagedoor",
        importOptions = {ImportOption.DoNotIncludeTests.class, PackageCyclesTest.DoNotIncludeTestJars.class})
class ModuleApiTest {

    /** A package named {@code internal}, or under one, of any module. */
    private static final Pattern INTERNAL = Pattern.compile("^io\\.stagedoor\\.[a-z]+(\\.[a-z]+)*\\.internal(\\.|$)");

    /** By module (its package under {@code io.stagedoor}): its API types, relative to that package. */
    static final Map<String, Set<String>> API = Map.of(
            "ingress", Set.of("Ingress", "IngressSettings", "HttpSettings", "AuthSettings", "BoundSettings",
                    "ResultsSettings", "RoomSettings", "ProducerSettings", "DevelopmentSecrets", "auth.ApiKeys", "auth.BuyerTokens",
                    "http.ProblemType", "login.Accounts", "login.EmailAddresses", "login.PasswordHasher",
                    "metrics.IngressMetrics", "metrics.TraceExemplars"),
            "workers", Set.of("WorkerRole", "WorkerSettings", "launch.WorkerMain", "launch.Workers",
                    "payment.PaymentGateway", "payment.PayrailServer", "payment.PayrailSettings",
                    "payment.SimulatedGateway"),
            "config", Set.of("StagedoorConfig", "LimitsWatch"),
            "admission", Set.of("AdmissionMessages",
                    "limit.Limit", "limit.LimitCheck", "limit.LimitDeclaration", "limit.LimitKey", "limit.LimitPolicy",
                    "limit.LimitSubject", "limit.LimitedRoute", "limit.Limits", "limit.LiveLimits",
                    "limit.WhenUnavailable", "limit.LimitCost",
                    "puzzle.JoinPuzzles", "puzzle.PuzzleChallenge", "puzzle.PuzzleVerdict", "puzzle.PuzzleWork",
                    "puzzle.SpentPuzzles", "puzzle.InProcessSpentPuzzles", "puzzle.RedisSpentPuzzles",
                    "presale.Presales", "presale.PresaleBook", "presale.InProcessPresaleBook",
                    "presale.RedisPresaleBook", "presale.PresaleDraw", "presale.PresaleLottery", "presale.PresalePlan",
                    "parking.ParkingRules", "parking.ParkingReasons", "parking.InProcessParkedAccounts",
                    "parking.RedisParkedAccounts", "parking.InProcessCrowdCounts", "parking.RedisCrowdCounts",
                    "lanes.LaneRates", "lanes.LaneRooms", "waitingroom.TicketSigner",
                    "limiter.Decision", "limiter.DecisionSource", "limiter.Limiter", "limiter.LimiterBuilder",
                    "limiter.LimiterSettings",
                    "bound.ConcurrencyBound", "bound.KeyedConcurrencyBound", "bound.Permit",
                    "waitingroom.EntryRate", "waitingroom.PassVerdict", "waitingroom.QueueTicket",
                    "waitingroom.QueueingMethod", "waitingroom.RoomOptions", "waitingroom.RoomPlan",
                    "waitingroom.RoomSnapshot", "waitingroom.RoomSource", "waitingroom.RoomStep",
                    "waitingroom.RoomSteps", "waitingroom.RoomTickets", "waitingroom.SessionEnd", "waitingroom.ShuffleOrder",
                    "waitingroom.WaitingRoom",
                    "waitingroom.WaitingRoomBuilder", "waitingroom.WaitingRoomMeter",
                    "entryloop.Headroom", "entryloop.HeadroomBoard", "entryloop.InProcessHeadroomBoard",
                    "entryloop.PlottedStep", "entryloop.RateLaw", "entryloop.RateMove", "entryloop.RedisHeadroomBoard",
                    "redis.RedisAccess", "redis.RedisEndpoint", "redis.RedisStartFailure",
                    "fallback.GuardedCalls", "fallback.OutageSettings", "fallback.ProcessOverloaded",
                    "fallback.RedisOutagePolicy", "waitingroom.WaitingRoomPass",
                    "metrics.AdmissionMeter", "bucket.BucketArithmetic", "bucket.BucketRequest"),
            "audit", Set.of("AuditMessages", "AuditOptions", "AuditWindow", "ReplayProgressLine", "TimeArgument",
                    "check.Check", "check.CheckResult", "check.Offense", "evidence.Evidence", "evidence.EvidenceReader",
                    "evidence.Located", "evidence.Request", "report.AuditReport", "report.HtmlReport",
                    "report.JsonReport", "report.SummaryTable", "run.Audit"),
            "embedded", Set.of("EmbeddedKafka", "EmbeddedKafkaCluster", "EmbeddedRedis", "Ports", "SaslSslListener"),
            "harness", Set.of("Pipeline", "PipelineOptions", "DemoEvent", "ReadyLine", "chaos.ChaosRun",
                    "chaos.ChaosSettings", "chaos.LossFigures", "demo.DemoRun", "demo.DemoSettings", "demo.FarmRun",
                    "demo.FarmSettings"));

    @ArchTest
    static void otherModulesUseOnlyAModulesApi(JavaClasses classes) {
        API.forEach((module, api) -> noClasses()
                .that().resideInAPackage("io.stagedoor..")
                .and().resideOutsideOfPackage("io.stagedoor." + module + "..")
                .should().dependOnClassesThat(outsideTheApi(module, api))
                .because("a module's API is declared in ModuleApiTest.API")
                .check(classes));
    }

    @ArchTest
    static final ArchRule anInternalPackageIsItsModulesOwn = classes()
            .that().resideInAPackage("io.stagedoor..")
            .should(new ArchCondition<JavaClass>("depend on no internal package of another module") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    String module = module(type);
                    type.getDirectDependenciesFromSelf().stream()
                            .filter(dependency -> INTERNAL.matcher(dependency.getTargetClass().getPackageName()).find()
                                    && !module(dependency.getTargetClass()).equals(module))
                            .forEach(dependency -> events.add(SimpleConditionEvent.violated(dependency,
                                    dependency.getDescription())));
                }
            }.as("depend on no internal package of another module"))
            .allowEmptyShould(true);

    /** The module of a type: the package segment after {@code io.stagedoor}. */
    private static String module(JavaClass type) {
        String[] parts = type.getPackageName().split("\\.");
        return parts.length > 2 ? parts[2] : "";
    }

    private static DescribedPredicate<JavaClass> outsideTheApi(String module, Set<String> api) {
        String root = "io.stagedoor." + module;
        return DescribedPredicate.describe(module + "'s types outside its API", type -> {
            String name = topLevel(type).getName();
            return (name.startsWith(root + ".")) && !api.contains(name.substring(root.length() + 1));
        });
    }

    private static JavaClass topLevel(JavaClass type) {
        JavaClass outer = type;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        return outer;
    }
}
