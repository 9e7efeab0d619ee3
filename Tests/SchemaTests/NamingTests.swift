import TestSupport
import XCTest
@testable import Schema

final class NamingTests: XCTestCase {
    func testEveryRuleCompiles() {
        XCTAssertEqual(Pluralizer.compilableRuleCount, PluralRules.plural.count + PluralRules.uncountablePatterns.count)
        XCTAssertEqual(PluralRules.irregular.count, 48)
        XCTAssertEqual(PluralRules.uncountableWords.count, 93)
    }

    func testObservedPlurals() {
        let observed = [
            "child": "children", "property": "properties", "business": "businesses", "match": "matches",
            "batch": "batches", "outbox": "outboxes", "userLessonProgress": "userLessonProgresses",
            "aIQuery": "aIQueries", "sEO": "sEOS", "collectionNFT": "collectionNFTS",
            "movieMetadata": "movieMetadatas", "categoria": "categorias", "modeloIa": "modeloIas",
            "userSettings": "userSettingss", "games": "gamess", "analytics": "analyticss",
            "cashFlowRecurrenceSeries": "cashFlowRecurrenceSeriess", "research": "researchs",
            "dimensions": "dimensionss", "category": "categories",
        ]
        for (singular, plural) in observed {
            XCTAssertEqual(EntityNaming.plural(singular: singular), plural, singular)
        }
    }

    func testAlgorithmicPlurals() {
        let computed = [
            "person": "people", "status": "statuses", "quiz": "quizzes", "datum": "data", "criterion": "criteria",
            "index": "indices", "leaf": "leaves", "knife": "knives", "hero": "heroes", "potato": "potatoes",
            "photo": "photos", "money": "monies", "schema": "schemata", "news": "newss", "staff": "staffs",
            "sheep": "sheeps", "fish": "fishs", "media": "medias", "data": "datas", "bus": "buses",
            "octopus": "octopuses", "virus": "viri", "salesperson": "salespeople", "human": "humans",
            "woman": "women", "salesPerson": "salesPeople", "mouse": "mice",
        ]
        for (singular, plural) in computed {
            XCTAssertEqual(EntityNaming.plural(singular: singular), plural, singular)
        }
    }

    func testSingularChangesOnlyTheFirstCharacter() {
        XCTAssertEqual(EntityNaming.singular(typeName: "AIQuery"), "aIQuery")
        XCTAssertEqual(EntityNaming.singular(typeName: "SEO"), "sEO")
        XCTAssertEqual(EntityNaming.singular(typeName: "NFTCategory"), "nFTCategory")
        XCTAssertEqual(EntityNaming.singular(typeName: "Movie", custom: "favorite_movie"), "favorite_movie")
        XCTAssertEqual(EntityNaming.plural(singular: "x", custom: "Applications"), "Applications")
        XCTAssertEqual(EntityNaming.foreignKey(field: "user", targetField: "uid"), "userUid")
    }

    /// Every (type, singular, plural) the emulator produced across the corpus.
    func testEveryCorpusNamePair() throws {
        var checked = 0
        for project in try SharedFolder.corpusProjects() {
            guard let oracle = SharedFolder.oracle(project),
                  let summary = oracle["schema_summary"] as? [String: Any],
                  let tables = summary["tables"] as? [String: [String: Any]] else { continue }
            for (typeName, table) in tables {
                let custom = Self.customNames(table)
                let queryFields = table["query_fields"] as? [[String: Any]] ?? []
                func name(_ purpose: String) -> String? {
                    queryFields.first { $0["purpose"] as? String == purpose }?["name"] as? String
                }
                let singular = EntityNaming.singular(typeName: typeName, custom: custom.singular)
                if let observed = name("QUERY_SINGLE") {
                    XCTAssertEqual(singular, observed, "\(project.lastPathComponent): \(typeName)")
                    checked += 1
                }
                if let observed = name("QUERY_MULTIPLE") {
                    XCTAssertEqual(EntityNaming.plural(singular: singular, custom: custom.plural), observed,
                                   "\(project.lastPathComponent): \(typeName)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 400, "the corpus should provide hundreds of names")
    }

    private static func customNames(_ table: [String: Any]) -> (singular: String?, plural: String?) {
        let directives = table["directives"] as? [[String: Any]] ?? []
        var result: (singular: String?, plural: String?) = (nil, nil)
        for directive in directives where ["table", "view"].contains(directive["name"] as? String) {
            for argument in directive["args"] as? [[String: Any]] ?? [] {
                guard let value = argument["value"] as? String, value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2
                else { continue }
                let text = String(value.dropFirst().dropLast())
                if argument["name"] as? String == "singular" { result.singular = text }
                if argument["name"] as? String == "plural" { result.plural = text }
            }
        }
        return result
    }
}

final class FinalCharacterTests: XCTestCase {
    func testAnalysis() {
        XCTAssertEqual(FinalCharacters.of("(?i)(x|ch|ss|sh|zz)$"), ["x", "h", "s", "z"])
        XCTAssertEqual(FinalCharacters.of("(?i)(alumn|alg|vertebr)(?:a|ae)$"), ["a", "e"])
        XCTAssertEqual(FinalCharacters.of("(?i)([^aeiouy]|qu)y$"), ["y"])
        XCTAssertEqual(FinalCharacters.of("(?i)^thou$"), ["u"])
        XCTAssertNil(FinalCharacters.of("(?i)s?$"))
        XCTAssertNil(FinalCharacters.of("(?i)[^\\x{0}-\\x{7F}]$"))
        XCTAssertEqual(FinalCharacters.of("(?i)(seraph|cherub)(?:im)?$"), ["h", "b", "m"])
        XCTAssertEqual(FinalCharacters.of("(?i)(e[mn]u)s?$"), ["u", "s"])
        XCTAssertEqual(FinalCharacters.of("(?i)(child)(?:ren)?$"), ["d", "n"])
        XCTAssertEqual(FinalCharacters.of("(?i)pok[eé]mon$"), ["n"])
    }

    /// Skipping rules by their last character never changes a result.
    func testSkippingIsExact() {
        let stems = ["person", "child", "status", "quiz", "datum", "criterion", "index", "matrix", "leaf", "knife", "hero",
                     "potato", "money", "schema", "fish", "sheep", "media", "bus", "virus", "octopus", "alumnus", "alga",
                     "seraph", "analysis", "axis", "alias", "menu", "mouse", "chateau", "woman", "thou", "box", "church",
                     "quay", "valley", "chinese", "deer", "measles", "pokemon", "smallpox", "series", "games", "tooth",
                     "cherub", "cherubim", "emu", "emus", "menus", "children", "t1", "item2", "sEO", "collectionNFT",
                     "wall_block", "x_", "café", "naïve", "ABCs", "userSettings"]
        for stem in stems {
            for word in [stem, EntityNaming.upperFirst(stem), "my" + EntityNaming.upperFirst(stem), stem.uppercased()] {
                XCTAssertEqual(Pluralizer.plural(word), Pluralizer.plural(word, skippingImpossibleRules: false), word)
            }
        }
    }
}
