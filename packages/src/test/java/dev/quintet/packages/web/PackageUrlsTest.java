package dev.quintet.packages.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.platform.errors.ApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Package URLs to our names and back, per ecosystem. */
class PackageUrlsTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "npm, @babel/core", "npm, react", "maven, org.apache.commons:commons-text", "pypi, Flask_SQLAlchemy",
            "cargo, serde", "rubygems, nokogiri", "go, github.com/BurntSushi/toml", "nuget, Newtonsoft.Json",
            "packagist, psr/log", "hex, phoenix", "pub, http", "elm, elm/json", "homebrew, openssl@3",
            "puppet, puppetlabs-stdlib", "clojars, ring/ring-core", "clojars, hiccup", "cocoapods, Alamofire",
            "conda, numpy", "conda, bioconda/samtools", "cran, ggplot2", "hackage, aeson", "conan, zlib",
            "swiftpm, github.com/apple/swift-nio", "actions, actions/checkout", "debian, libstdc++6"})
    void readsBackThePurlOfEachProject(String platform, String name) {
        Ecosystem ecosystem = Ecosystem.named(platform).orElseThrow();
        String purl = PackageUrls.of(ecosystem, name);

        PackageUrls.Target target = PackageUrls.parse(purl);

        assertThat(target.ecosystem()).as(purl).isEqualTo(ecosystem);
        assertThat(ecosystem.normalize(target.name())).as(purl).isEqualTo(ecosystem.normalize(name));
        assertThat(target.version()).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "pkg:maven/hiccup/hiccup@1.0.5?repository_url=https://repo.clojars.org/, clojars, hiccup/hiccup, 1.0.5",
            "pkg:maven/org.apache.commons/commons-text?repository_url=https://repo1.maven.org/maven2, maven, org.apache.commons:commons-text,",
            "pkg:conda/samtools@1.21?channel=bioconda, conda, bioconda/samtools, 1.21",
            "pkg:conda/numpy?channel=conda-forge, conda, numpy,",
            "pkg:golang/github.com/Azure/go-autorest/autorest/date@v0.3.0#sub, go, github.com/Azure/go-autorest/autorest/date, v0.3.0",
            "pkg:cpan/OALDERS/libwww-perl@6.77, cpan, libwww-perl, 6.77",
            "pkg:julia/DataFrames?uuid=a93c6f00-e57d-5684-b7b6-d8193f3e46c0, julia, DataFrames,",
            "pkg:puppet/puppetlabs/stdlib, puppet, puppetlabs-stdlib,",
            "pkg:gem/rails@7.1.0?platform=ruby, rubygems, rails, 7.1.0",
            "pkg:npm/@babel/core@7.24.0, npm, @babel/core, 7.24.0",
            "pkg:deb/debian/curl@8.14.1-2%2Bdeb13u5?arch=amd64&distro=trixie, debian, curl, 8.14.1-2+deb13u5",
            "PKG:NPM/react, npm, react,"})
    void mapsTypeNamespaceAndQualifiersToOurNames(String purl, String platform, String name, String version) {
        PackageUrls.Target target = PackageUrls.parse(purl);

        assertThat(target.ecosystem().key()).isEqualTo(platform);
        assertThat(target.name()).isEqualTo(name);
        assertThat(target.version()).isEqualTo(version);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "npm/react, 400", "pkg:npm, 400", "pkg:maven/commons-text, 400", "pkg:cpan/LWP::UserAgent, 400",
            "pkg:rpm/fedora/curl, 404", "pkg:deb/ubuntu/curl, 404", "pkg:deb/curl, 404",
            "pkg:maven/a/b?repository_url=https://repo.spring.io/release, 404"})
    void refusesMalformedAndUnservedPurls(String purl, int status) {
        assertThatThrownBy(() -> PackageUrls.parse(purl)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.toError().status()).isEqualTo(status));
    }
}
