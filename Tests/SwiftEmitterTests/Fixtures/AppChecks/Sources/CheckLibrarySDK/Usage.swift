// App code written against the API of Firebase's generated packages (as the FriendlyFlix app and
// KitchenSink's integration tests use it, docs/sources.md), compiled against sdkgen's output by the
// compile test. Only the runtime import differs from an app using Firebase.

import Foundation
import SDKGenDataConnect
import LibrarySDK

@MainActor
func useLibrary(libraryId: UUID, bookId: UUID) async throws {
    let lib = DataConnect.cityLibraryConnector
    lib.useEmulator(port: 9399)
    let page = lib.listBooksQuery.ref { v in
        v.limit = 20
        v.order = .ASC
    }
    _ = try await page.execute()
    let titles: [String]? = page.data?.books.map(\.title)
    let libraries: [LibraryKey]? = page.data?.books.map(\.library.libraryKey)
    let unique: Set<ListBooksQuery.Data.Book> = Set(page.data?.books ?? [])
    let ids: [UUID] = unique.map(\.id)
    let typed: ListBooksQuery.Ref = page
    let again: QueryRefObservation<ListBooksQuery.Data, ListBooksQuery.Variables> = lib.listBooksQuery.ref()
    _ = (titles, libraries, ids, typed, again)

    let one = try await lib.getBookQuery.execute(id: bookId)
    let key: BookKey? = one.data?.book?.bookKey
    let city: String? = one.data?.book?.shelf.city
    let copies: Int64? = one.data?.book?.copies
    let published: LocalDate? = one.data?.book?.published
    let addedAt: Timestamp? = one.data?.book?.addedAt
    let extra: AnyValue? = one.data?.book?.extra
    let pen: String? = one.data?.book?.author?.penName
    _ = (key, city, copies, published, addedAt, extra, pen)

    let added = try await lib.addBookMutation.execute(title: "Dune", libraryId: libraryId, copies: 3) {
        $0.pages = 412
        $0.tags = ["sf"]
    }
    let newKey: BookKey? = added.data?.book_insert
    let mutationRef: AddBookMutation.Ref = lib.addBookMutation.ref(title: "x", libraryId: libraryId, copies: 1)
    _ = (newKey, mutationRef)

    guard let cardKey = try await lib.issueCardMutation.execute(libraryId: libraryId, holder: "ada").data?.card_upsert else { return }
    _ = try await lib.setCardStatusMutation.execute(key: cardKey, status: .SUSPENDED)
    let card = try await lib.getCardQuery.execute(key: cardKey).data?.card
    let sameKey: CardKey? = card?.cardKey
    let identity: CardKey? = card?.id
    let status: String? = card.map { describe($0.status) }
    let loans: [LocalDate]? = card?.loans.map(\.dueOn)
    let loanBooks: [BookKey]? = card?.loans.map(\.book.bookKey)
    _ = (sameKey, identity, status, loans, loanBooks)

    let lent = try await lib.lendBookMutation.execute(bookId: bookId, libraryId: libraryId, holder: "ada", dueOn: LocalDate(year: 2030, month: 1, day: 31))
    if let loanKey: LoanKey = lent.data?.loan {
        let returned: LoanKey? = try await lib.returnBookMutation.execute(key: loanKey).data?.loan_update
        _ = returned
    }
    let dropped: CardKey? = try await lib.dropCardMutation.execute(key: cardKey).data?.card_delete
    let byStatus = try await lib.cardsByStatusQuery.execute { $0.statuses = [.ACTIVE, ._UNKNOWN("LOST")] }
    let borrowed: [[String]]? = byStatus.data?.cards.map { $0.books_via_Loan.map(\.title) }
    let branches = try await lib.listLibrariesQuery.execute()
    let opened: [LocalDate?]? = branches.data?.libraries.map(\.openedOn)
    _ = (dropped, borrowed, opened)

    var variables = ListBooksQuery.Variables { $0.limit = 1 }
    variables.limit = nil
    _ = variables.$limit.isSet
    if let author = try await lib.getAuthorQuery.execute(penName: "le guin").data?.author {
        let mentor: String? = author.mentor?.name
        let students: [AuthorKey] = author.authors_on_mentor.map(\.authorAuthorsOnMentorKey)
        let self_: AuthorKey = author.authorKey
        let books: [BookKey] = author.books_on_author.map(\.bookKey)
        _ = (mentor, students, self_, books)
    }
    _ = order(.DESC)
    _ = SearchQueryFormat.PHRASE.rawValue
}

func describe(_ status: CardStatus) -> String {
    switch status {
    case .ACTIVE: return "active"
    case .SUSPENDED, .EXPIRED: return status.rawValue
    case ._UNKNOWN(let raw): return raw
    }
}

func order(_ direction: OrderDirection) -> Int {
    switch direction {
    case .ASC: return 1
    case .DESC: return -1
    }
}

func connectorConfig() -> ConnectorConfig { CityLibraryConnector.connectorConfig }

