import Foundation
import XCTest
@testable import Schema

final class NamingTests: XCTestCase {
    func testEveryRuleCompiles() {
        XCTAssertEqual((PluralRules.plural.map(\.0) + PluralRules.uncountablePatterns).filter { RulePattern($0) == nil }, [])
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

    /// Words are tried only against the rules that can end with their last letter; a non-ASCII last
    /// letter is tried against every rule.
    func testNonASCIIEndingsReachEveryRule() {
        XCTAssertEqual(Pluralizer.plural("pokémon"), "pokémon", "uncountable, by a pattern with a non-ASCII class")
        XCTAssertEqual(Pluralizer.plural("Pokémon"), "Pokémon")
        XCTAssertEqual(Pluralizer.plural("café"), "café", "a word ending in a non-ASCII letter is kept, as the library does")
        XCTAssertEqual(Pluralizer.plural("niño"), "niños")
        XCTAssertEqual(EntityNaming.plural(singular: "pokémon"), "pokémons", "unchanged plurals get an s")
    }

    func testSingularChangesOnlyTheFirstCharacter() {
        XCTAssertEqual(EntityNaming.singular(typeName: "AIQuery"), "aIQuery")
        XCTAssertEqual(EntityNaming.singular(typeName: "SEO"), "sEO")
        XCTAssertEqual(EntityNaming.singular(typeName: "NFTCategory"), "nFTCategory")
        XCTAssertEqual(EntityNaming.singular(typeName: "Movie", custom: "favorite_movie"), "favorite_movie")
        XCTAssertEqual(EntityNaming.plural(singular: "x", custom: "Applications"), "Applications")
        XCTAssertEqual(EntityNaming.foreignKey(field: "user", targetField: "uid"), "userUid")
    }


}

final class RulePatternTests: XCTestCase {
    private static let rulePatterns = PluralRules.plural.map(\.0) + PluralRules.uncountablePatterns

    private static let stems = [
        "person", "child", "status", "quiz", "datum", "criterion", "index", "matrix", "leaf", "knife", "hero", "potato",
        "money", "schema", "fish", "sheep", "media", "bus", "virus", "octopus", "alumnus", "alga", "seraph", "analysis",
        "axis", "alias", "menu", "mouse", "chateau", "woman", "thou", "box", "church", "quay", "valley", "chinese", "deer",
        "measles", "pokemon", "pokémon", "smallpox", "series", "games", "tooth", "cherub", "cherubim", "emu", "emus",
        "menus", "children", "t1", "item2", "sEO", "collectionNFT", "wall_block", "x_", "café", "naïve", "ABCs",
        "userSettings", "titmouse", "louse", "my_mouse", "gas", "atlas", "vertebra", "wife", "hoof", "monkey", "jockey",
        "agendum", "phenomenon", "appendix", "", "s", "é", "Ω", "über", "i", "stratum", "latex", "codex",
    ]

    private static var words: [String] {
        stems.flatMap { [$0, EntityNaming.upperFirst($0), "my" + EntityNaming.upperFirst($0), $0.uppercased()] }
    }

    /// Every rule matches exactly where ICU (`NSRegularExpression`, which the library's rules were
    /// checked with) matches, with the same groups.
    func testMatchesAgreeWithICU() throws {
        for pattern in Self.rulePatterns {
            let ours = try XCTUnwrap(RulePattern(pattern), pattern)
            let icu = try NSRegularExpression(pattern: pattern)
            for word in Self.words {
                let expected = icu.firstMatch(in: word, range: NSRange(location: 0, length: (word as NSString).length)).map { match in
                    RulePattern.Match(range: Self.range(match.range, in: word)!, groups: (0..<match.numberOfRanges).map {
                        Self.range(match.range(at: $0), in: word)
                    })
                }
                XCTAssertEqual(ours.firstMatch(in: Array(word.unicodeScalars)), expected, "\(pattern) on \"\(word)\"")
            }
        }
    }

    func testLeftmostMatchAndGroups() throws {
        let pattern = try XCTUnwrap(RulePattern("(?i)(?:(kni|wi|li)fe|(ar|l|ea|eo|oa|hoo)f)$"))
        let match = try XCTUnwrap(pattern.firstMatch(in: Array("Hoof".unicodeScalars)))
        XCTAssertEqual(match.range, 0..<4)
        XCTAssertEqual(match.groups, [0..<4, nil, 0..<3])
        XCTAssertEqual(try XCTUnwrap(RulePattern("(?i)s?$")).firstMatch(in: Array("bus".unicodeScalars))?.range, 2..<3)
        XCTAssertEqual(try XCTUnwrap(RulePattern("(?i)s?$")).firstMatch(in: Array("box".unicodeScalars))?.range, 3..<3)
        XCTAssertNil(try XCTUnwrap(RulePattern("(?i)^thou$")).firstMatch(in: Array("though".unicodeScalars)))
        XCTAssertEqual(try XCTUnwrap(RulePattern("(?i)[Z-a]$")).firstMatch(in: Array("x_".unicodeScalars))?.range, 1..<2)
    }

    func testWordBoundary() throws {
        let pattern = try XCTUnwrap(RulePattern("(?i)\\b((?:tit)?m|l)(?:ice|ouse)$"))
        XCTAssertEqual(pattern.firstMatch(in: Array("titmouse".unicodeScalars))?.groups[1], 0..<4)
        XCTAssertEqual(pattern.firstMatch(in: Array("my mouse".unicodeScalars))?.range, 3..<8)
        XCTAssertNil(pattern.firstMatch(in: Array("dormouse".unicodeScalars)))
    }

    /// The length bound on start positions and the last-scalar check keep the longest matches and
    /// matches that end in an optional element.
    func testBoundedStartsFindLongMatches() throws {
        let pattern = try XCTUnwrap(RulePattern("(?i)(agend|addend|millenni|dat|extrem|bacteri|desiderat|strat|candelabr|errat|ov|symposi|curricul|automat|quor)(?:a|um)$"))
        XCTAssertEqual(pattern.firstMatch(in: Array("myCandelabrum".unicodeScalars))?.range, 2..<13)
        XCTAssertNil(pattern.firstMatch(in: Array("candelabrux".unicodeScalars)))
        XCTAssertEqual(try XCTUnwrap(RulePattern("(?i)(seraph|cherub)(?:im)?$")).firstMatch(in: Array("CHERUB".unicodeScalars))?.range, 0..<6)
    }

    /// Anything outside the dialect is refused rather than matched wrongly.
    func testUnsupportedConstructsDoNotCompile() {
        for pattern in ["s?$", "(?i)a*$", "(?i)a+$", "(?i).$", "(?i)\\d$", "(?i)a{2}$", "(?i)(a$", "(?i)[a$", "(?i)a)$", "(?i)[z-a]$"] {
            XCTAssertNil(RulePattern(pattern), pattern)
        }
    }

    private static func range(_ range: NSRange, in word: String) -> Range<Int>? {
        guard range.location != NSNotFound, let swiftRange = Range(range, in: word) else { return nil }
        let scalars = word.unicodeScalars
        return scalars.distance(from: scalars.startIndex, to: swiftRange.lowerBound)..<scalars.distance(from: scalars.startIndex, to: swiftRange.upperBound)
    }
}

extension RulePattern {
    /// The leftmost match in `word`, compared without regard to case.
    func firstMatch(in word: [Unicode.Scalar]) -> Match? { firstMatch(inFolded: word.map(Self.folded)) }
}
