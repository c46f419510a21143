import { SearchOutline } from 'antd-mobile-icons';
import { useNavigate } from '../core/navigation';

/** A tappable search bar that opens a search screen. */
export function SearchEntry({ to, placeholder }: { to: string; placeholder: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="search-entry" onClick={() => navigate(to)}>
      <SearchOutline aria-hidden="true" />
      <span>{placeholder}</span>
    </button>
  );
}
