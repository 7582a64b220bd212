package dev.quintet.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** DESIGN.md §1: a service module depends on the platform only; the platform on no app. */
class ArchitectureTest {

    static final List<String> APPS = List.of("console", "router", "devices", "capture", "events", "packages");
    static JavaClasses classes;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.quintet");
    }

    @Test
    void appsDependOnThePlatformAndNotOnEachOther() {
        for (String app : APPS) {
            String[] others = APPS.stream().filter(o -> !o.equals(app)).map(o -> "dev.quintet." + o + "..")
                    .toArray(String[]::new);
            noClasses().that().resideInAPackage("dev.quintet." + app + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(others)
                    .orShould().dependOnClassesThat().resideInAPackage("dev.quintet.server..")
                    .check(classes);
        }
    }

    @Test
    void platformDependsOnNoApp() {
        String[] apps = APPS.stream().map(a -> "dev.quintet." + a + "..").toArray(String[]::new);
        noClasses().that().resideInAPackage("dev.quintet.platform..")
                .should().dependOnClassesThat().resideInAnyPackage(apps)
                .orShould().dependOnClassesThat().resideInAPackage("dev.quintet.server..")
                .check(classes);
    }
}
