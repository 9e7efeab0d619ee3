import Diagnostics
import XCTest
@testable import Validation

/// Rules about definitions, names and fragments as a whole.
final class DocumentRuleTests: RuleTestCase {
    func testExecutableDefinitions() {
        assertValid("query A { movies { id } }", { ExecutableDefinitionsRule() })
        assertMessages("query A { movies { id } }\ntype Extra { x: Int }", { ExecutableDefinitionsRule() },
                       ["The \"Extra\" definition is not executable."])
    }

    func testLoneAnonymousOperation() {
        assertValid("{ movies { id } }", { LoneAnonymousOperationRule() })
        assertMessages("{ movies { id } }\nquery B { movies { id } }", { LoneAnonymousOperationRule() },
                       ["This anonymous operation must be the only defined operation."])
    }

    func testKnownFragmentNames() {
        assertValid("query A { movies { ...F } }\nfragment F on Movie { id }", { KnownFragmentNamesRule() })
        assertMessages("query A { movies { ...Fx } }\nfragment F on Movie { id }\nfragment Fy on Movie { id }", { KnownFragmentNamesRule() },
                       ["Unknown fragment \"Fx\". Did you mean \"F\"?"])
    }

    func testFragmentsMayBeSharedBetweenFiles() {
        let diagnostics = Fixture.diagnostics(["query A { movies { ...F } }", "fragment F on Movie { id title }"])
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }, [])
    }

    func testNoUnusedFragments() {
        assertValid("query A { movies { ...F } }\nfragment F on Movie { id ...G }\nfragment G on Movie { title }", { NoUnusedFragmentsRule() })
        assertMessages("query A { movies { id } }\nfragment F on Movie { id }", { NoUnusedFragmentsRule() },
                       ["Fragment \"F\" is never used."])
    }

    func testNoFragmentCycles() {
        assertValid("fragment F on Movie { ...G }\nfragment G on Movie { id }", { NoFragmentCyclesRule() })
        assertMessages("fragment F on Movie { ...F }", { NoFragmentCyclesRule() }, ["Cannot spread fragment \"F\" within itself."])
        assertMessages("fragment F on Movie { ...G }\nfragment G on Movie { ...H }\nfragment H on Movie { ...F }", { NoFragmentCyclesRule() },
                       ["Cannot spread fragment \"F\" within itself via \"G\", \"H\"."])
    }

    func testFragmentCyclesDoNotHangOtherRulesOrTheIR() {
        let diagnostics = Fixture.diagnostics(["query A { movies { ...F } }\nfragment F on Movie { id reviews_on_movie { movie { ...F } } ...F }"])
        XCTAssertTrue(diagnostics.contains { $0.message.hasPrefix("Cannot spread fragment \"F\" within itself") })
    }

    func testFragmentsOnCompositeTypes() {
        assertValid("fragment F on Movie { id }\nquery A { movies { ... on Movie { id } } }", { FragmentsOnCompositeTypesRule() })
        assertMessages("fragment F on String { id }\nquery A { movies { ... on Genre { id } } }", { FragmentsOnCompositeTypesRule() }, [
            "Fragment \"F\" cannot condition on non composite type \"String\".",
            "Fragment cannot condition on non composite type \"Genre\".",
        ])
    }

    func testKnownTypeNames() {
        assertValid("query A($id: UUID!, $genre: Genre) { movie(id: $id) { id } }", { KnownTypeNamesRule() })
        assertMessages("query A($id: UUDI!) { movie(id: $id) { id } }\nfragment F on Movi { id }", { KnownTypeNamesRule() }, [
            "Unknown type \"UUDI\". Did you mean \"UUID\"?",
            "Unknown type \"Movi\". Did you mean \"Movie\"?",
        ])
    }
}
