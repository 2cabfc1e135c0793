package io.stagedoor.system;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.regex.Pattern;

/**
 * The package layering of every module on this module's classpath (all but {@code bench}), production classes
 * only: no two {@code io.stagedoor} packages use each other, however long the way round, and the module rules of
 * {@code docs/architecture.md} hold. The direction of the layers is written down there, under "Layers".
 */
@AnalyzeClasses(
        packages = "io.stagedoor",
        importOptions = {ImportOption.DoNotIncludeTests.class, PackageCyclesTest.DoNotIncludeTestJars.class})
class PackageCyclesTest {

    @ArchTest
    static final ArchRule noPackageIsPartOfACycle =
            slices().assignedFrom(new PackagesWithTheirInternals()).should().beFreeOfCycles();

    @ArchTest
    static final ArchRule admissionKnowsNothingOfHttpOrKafka = noClasses()
            .that().resideInAPackage("io.stagedoor.admission..")
            .should().dependOnClassesThat()
            .resideInAnyPackage("jakarta.ws.rs..", "org.glassfish..", "org.apache.kafka..");

    @ArchTest
    static final ArchRule workersKnowNothingOfAdmissionOrIngress = noClasses()
            .that().resideInAPackage("io.stagedoor.workers..")
            .should().dependOnClassesThat()
            .resideInAnyPackage("io.stagedoor.admission..", "io.stagedoor.ingress..");

    /**
     * Each {@code io.stagedoor} package is a slice, its {@code internal} package with it: an API hands its work to its
     * internals, which answer in the API's records, so the two are one layer ({@code client} is the model).
     */
    static final class PackagesWithTheirInternals implements SliceAssignment {
        private static final Pattern INTERNAL = Pattern.compile("\\.internal(\\..*)?$");

        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            return name.startsWith("io.stagedoor.") || name.equals("io.stagedoor")
                    ? SliceIdentifier.of(INTERNAL.matcher(name).replaceFirst("")) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "io.stagedoor packages, each with its internal package";
        }
    }

    /** Leaves out a module's test classes when Maven hands them over as a {@code -tests.jar} (audit's fixtures). */
    static final class DoNotIncludeTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.matches(Pattern.compile(".*-tests\\.jar.*"));
        }
    }
}
