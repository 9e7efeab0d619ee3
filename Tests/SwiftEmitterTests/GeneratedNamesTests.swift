import XCTest
@testable import SwiftEmitter

final class GeneratedNamesTests: XCTestCase {
    func testConnectorNames() {
        XCTAssertEqual(GeneratedNames.connectorClass(connectorId: "friendly-flix"), "FriendlyFlixConnector")
        XCTAssertEqual(GeneratedNames.connectorClass(connectorId: "kitchen-sink"), "KitchenSinkConnector")
        XCTAssertEqual(GeneratedNames.connectorClass(connectorId: "example"), "ExampleConnector")
        XCTAssertEqual(GeneratedNames.connectorClass(connectorId: "default"), "DefaultConnector")
        XCTAssertEqual(GeneratedNames.connectorAccessor(connectorId: "friendly-flix"), "friendlyFlixConnector")
        XCTAssertEqual(GeneratedNames.filePrefix(connectorId: "city-library"), "CityLibrary")
    }

    func testOperationNamesAlwaysGetTheKindSuffix() {
        XCTAssertEqual(GeneratedNames.operationClass(operationName: "createTestId", kind: .mutation), "CreateTestIdMutation")
        XCTAssertEqual(GeneratedNames.operationClass(operationName: "CreateUserMutation", kind: .mutation), "CreateUserMutationMutation")
        XCTAssertEqual(GeneratedNames.operationClass(operationName: "ListMovies", kind: .query), "ListMoviesQuery")
        XCTAssertEqual(GeneratedNames.operationClass(operationName: "GetUserByID", kind: .query), "GetUserByIdQuery")
        XCTAssertEqual(GeneratedNames.connectorProperty(operationClass: "CreateUserMutationMutation"), "createUserMutationMutation")
        XCTAssertEqual(GeneratedNames.connectorProperty(operationClass: "ListMoviesQuery"), "listMoviesQuery")
    }

    func testKeyNames() {
        XCTAssertEqual(GeneratedNames.keyStruct(table: "MovieMetadata"), "MovieMetadataKey")
        XCTAssertEqual(GeneratedNames.keyStruct(table: "StandardScalars"), "StandardScalarsKey")
        XCTAssertEqual(GeneratedNames.keyProperty(nestedStruct: "Movie"), "movieKey")
        XCTAssertEqual(GeneratedNames.keyProperty(nestedStruct: "ActorMainActors"), "actorMainActorsKey")
        XCTAssertEqual(GeneratedNames.keyProperty(nestedStruct: "MovieMoviesMatchingTitle"), "movieMoviesMatchingTitleKey")
        XCTAssertEqual(GeneratedNames.keyProperty(nestedStruct: "User"), "userKey")
    }

    func testPreferredNestedStructNames() {
        XCTAssertEqual(GeneratedNames.preferredNestedStruct(typeName: "Movie", alias: nil), "Movie")
        XCTAssertEqual(GeneratedNames.preferredNestedStruct(typeName: "FavoriteMovie", alias: nil), "FavoriteMovie")
        XCTAssertEqual(GeneratedNames.preferredNestedStruct(typeName: "MovieMetadata", alias: "metadata"), "MovieMetadataMetadata")
        XCTAssertEqual(GeneratedNames.preferredNestedStruct(typeName: "Actor", alias: "mainActors"), "ActorMainActors")
        XCTAssertEqual(GeneratedNames.preferredNestedStruct(typeName: "Movie", alias: "moviesMatchingTitle"), "MovieMoviesMatchingTitle")
        XCTAssertEqual(GeneratedNames.preferredNestedStruct(typeName: "Library", alias: "shelf"), "LibraryShelf")
        XCTAssertEqual(GeneratedNames.preferredNestedStruct(typeName: "Actor", alias: "main_actors"), "ActorMainActors")
    }

    func testNestedStructKeepsFirebaseNameWhenFree() {
        XCTAssertEqual(GeneratedNames.nestedStruct(typeName: "User", alias: nil, fieldName: "author", isTaken: { $0 == "Movie" }), "User")
    }

    func testSideBySideFieldsOfOneTypeGetDistinctNames() {
        let first = GeneratedNames.nestedStruct(typeName: "User", alias: nil, fieldName: "author", isTaken: { _ in false })
        let second = GeneratedNames.nestedStruct(typeName: "User", alias: nil, fieldName: "editor", isTaken: { $0 == first })
        XCTAssertEqual(first, "User")
        XCTAssertEqual(second, "UserEditor")
    }

    func testSelfShadowingFallsBackToFieldName() {
        // `struct Movie { struct Movie }` would break `==(lhs: Movie, …)`.
        XCTAssertEqual(GeneratedNames.nestedStruct(typeName: "Movie", alias: nil, fieldName: "sequel", isTaken: { $0 == "Movie" }), "MovieSequel")
    }

    func testNumericSuffixWhenEveryNameIsTaken() {
        let taken: Set<String> = ["MovieKey", "MovieKey2"]
        XCTAssertEqual(GeneratedNames.nestedStruct(typeName: "Movie", alias: "key", fieldName: "movie", isTaken: taken.contains), "MovieKey3")
    }
}

extension GeneratedNamesTests {
    func testClassFileNamesAreUniqueIgnoringCase() {
        XCTAssertEqual(PackageTranslation.fileNames(["ListAQuery", "ListaQuery", "LISTAQUERY", "GetQuery"]),
                       ["ListAQuery", "ListaQuery_2", "LISTAQUERY_3", "GetQuery"])
    }
}
