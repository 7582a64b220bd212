package dev.quintet.packages.registry.debian;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The control-file paragraph reader: fields, continuation lines, separators, and malformed paragraphs skipped. */
class ControlParagraphsTest {

    static List<ControlParagraph> all(ControlParagraphs reader) throws IOException {
        List<ControlParagraph> out = new ArrayList<>();
        for (ControlParagraph p = reader.next(); p != null; p = reader.next()) {
            out.add(p);
        }
        return out;
    }

    static List<ControlParagraph> all(String text) throws IOException {
        return all(new ControlParagraphs(new StringReader(text)));
    }

    @Test
    void joinsContinuationLinesOfAField() throws IOException {
        ControlParagraph p = all("""
                Package: curl
                Description: command line tool for transferring data with URL syntax
                 curl is a command line tool for transferring data with URL syntax.
                 .
                 Second paragraph.
                Tag: implemented-in::c, interface::commandline,
                 protocol::ftp, protocol::http
                Depends: libc6 (>= 2.34),
                \tzlib1g (>= 1:1.1.4)
                """).getFirst();

        assertThat(p.get("Description")).isEqualTo("command line tool for transferring data with URL syntax\n"
                + "curl is a command line tool for transferring data with URL syntax.\n.\nSecond paragraph.");
        assertThat(p.get("tag")).isEqualTo("implemented-in::c, interface::commandline,\nprotocol::ftp, protocol::http");
        assertThat(PackageRelations.parse(p.get("DEPENDS"))).extracting(PackageRelations.Relation::text)
                .containsExactly("libc6 (>= 2.34)", "zlib1g (>= 1:1.1.4)");
        assertThat(p.line()).isEqualTo(1);
    }

    @Test
    void separatesParagraphsAtBlankAndWhitespaceOnlyLines() throws IOException {
        List<ControlParagraph> paragraphs = all("\n\nPackage: a\nVersion: 1\n\n\n \t\nPackage: b\nVersion: 2\n   \n"
                + "Package: c\nVersion: 3");

        assertThat(paragraphs).extracting(p -> p.get("Package")).containsExactly("a", "b", "c");
        assertThat(paragraphs).extracting(ControlParagraph::line).containsExactly(3L, 8L, 11L);
    }

    @Test
    void readsEmptyFieldsAsAbsent() throws IOException {
        ControlParagraph p = all("Package: a\nVersion: 1\nHomepage:\nSuggests:   \n").getFirst();

        assertThat(p.get("Homepage")).isNull();
        assertThat(p.get("Suggests")).isNull();
        assertThat(p.fields()).containsKeys("homepage", "suggests");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a line without a colon        | Package: bad\\nthis is not a field\\n | is not 'Field: value'
            a continuation before a field | \\tcontinues nothing\\nPackage: bad\\n | no field came before it
            a field name with a space     | Package: bad\\nPre Depends: x\\n      | is not 'Field: value'
            a field given twice           | Package: bad\\nVersion: 1\\nversion: 2\\n | a second time
            """)
    void skipsAMalformedParagraphAndCountsItWithoutStopping(String what, String malformed, String problem)
            throws IOException {
        ControlParagraphs reader = new ControlParagraphs(new StringReader("Package: before\nVersion: 1\n\n"
                + malformed.replace("\\n", "\n").replace("\\t", "\t") + "\nPackage: after\nVersion: 2\n"));

        assertThat(all(reader)).extracting(p -> p.get("Package")).containsExactly("before", "after");
        assertThat(reader.skipped()).isEqualTo(1);
        assertThat(reader.problems()).singleElement().asString().contains(problem).contains("line ");
    }

    @Test
    void keepsTheFirstFewProblemsButCountsAll() throws IOException {
        ControlParagraphs reader = new ControlParagraphs(new StringReader("junk\n\n".repeat(8) + "Package: ok\n"));

        assertThat(all(reader)).hasSize(1);
        assertThat(reader.skipped()).isEqualTo(8);
        assertThat(reader.problems()).hasSize(5);
    }
}
