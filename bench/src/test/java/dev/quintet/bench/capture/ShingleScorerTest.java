package dev.quintet.bench.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.quintet.bench.capture.ShingleScorer.Score;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShingleScorerTest {

    private static final String EXPECTED = "The old bridge reopened on Monday after two years of repairs.";

    @Test
    void scoresAPerfectExtractionAsOneWhateverTheCaseAndPunctuation() {
        Score score = ShingleScorer.score(EXPECTED, "the OLD bridge reopened, on Monday; after two years of repairs");

        assertThat(score).isEqualTo(new Score(1, 1, 1));
    }

    @Test
    void countsBoilerplateAgainstPrecisionAndMissingTextAgainstRecall() {
        // 11 tokens give 8 expected shingles; the extraction has the first 8 tokens (5 shingles) plus 4 more tokens
        Score score = ShingleScorer.score(EXPECTED, "The old bridge reopened on Monday after two Share on Facebook now");

        assertThat(score.recall()).isCloseTo(5 / 8.0, within(1e-9));
        assertThat(score.precision()).isCloseTo(5 / 9.0, within(1e-9));
        assertThat(score.f1()).isCloseTo(2 * (5 / 8.0) * (5 / 9.0) / (5 / 8.0 + 5 / 9.0), within(1e-9));
    }

    @Test
    void givesZeroWhenNothingIsExtracted() {
        assertThat(ShingleScorer.score(EXPECTED, "")).isEqualTo(new Score(0, 0, 0));
        assertThat(ShingleScorer.score(EXPECTED, null)).isEqualTo(new Score(0, 0, 0));
    }

    @Test
    void splitsCjkTextIntoCharactersAndKeepsOtherScriptsAsWords() {
        assertThat(ShingleScorer.tokens("老城区 Straße, café-Bar 東京タワー"))
                .containsExactly("老", "城", "区", "straße", "café", "bar", "東", "京", "タ", "ワ", "ー");
        assertThat(ShingleScorer.tokens("مكتبة عامة جديدة")).hasSize(3);
    }

    @Test
    void averagesPrecisionAndRecallThenTakesTheirHarmonicMean() {
        Score mean = ExtractionBench.mean(List.of(Score.of(1, 0.5), Score.of(0.5, 1)));

        assertThat(mean.precision()).isEqualTo(0.75);
        assertThat(mean.recall()).isEqualTo(0.75);
        assertThat(mean.f1()).isCloseTo(0.75, within(1e-9));
    }
}
