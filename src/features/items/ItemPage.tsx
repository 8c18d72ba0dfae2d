import { Link, useParams } from 'react-router-dom';
import { IMAGE_SIZES } from '../../../shared/first-screen';
import { ProductImage } from '../../components/ui/ProductImage';
import { DepartmentLinks } from '../../components/ui/DepartmentLinks';
import { Spinner } from '../../components/ui/Spinner';
import { usePageHead } from '../../hooks/use-page-head';
import { DEPARTMENTS, departmentMenuPath, departmentOf } from '../../lib/departments';
import { formatPrice } from '../../lib/format';
import './item.css';
import { useItem, type ItemDetails } from './api/get-item';

function ItemNotFound() {
  usePageHead({ item: null });
  return (
    <div className="message-page">
      <h1>We couldn't find that item</h1>
      <p>It may have sold out for good or been taken off our shelves.</p>
      <p className="item-missing__links">
        <Link className="button" to="/home">
          Back to the home page
        </Link>
        <DepartmentLinks ghost />
      </p>
    </div>
  );
}

function ItemDetailsView({ item }: { item: ItemDetails }) {
  usePageHead({ item });
  const price = formatPrice(item.price);
  const department = departmentOf(item.tags);
  return (
    <article className="item-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/home">Home</Link>
          </li>
          {department ? (
            <li>
              <Link to={departmentMenuPath(department)}>{DEPARTMENTS[department]}</Link>
            </li>
          ) : null}
          <li>
            <span aria-current="page">{item.name}</span>
          </li>
        </ol>
      </nav>
      <div className="item-page__layout">
        <div className="item-page__media">
          <ProductImage
            item={item}
            className="item-page__image"
            emptyClassName="item-page__image--empty"
            sizes={IMAGE_SIZES.itemPage}
            priority
          />
        </div>
        <div className="item-page__details">
          <h1 className="item-page__name">{item.name}</h1>
          {price ? <p className="item-page__price">{price}</p> : null}
          {item.description === undefined ? (
            <Spinner label="Loading the description" />
          ) : item.description ? (
            <div className="item-page__description">
              {item.description.split(/\n\s*\n/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** /item/{id}: the item's name, price, picture and description (product §2). */
export function ItemPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, refetch } = useItem(id);
  if (data) return <ItemDetailsView item={data} />;
  if (isPending) return <Spinner label="Loading the item" />;
  if (isError) {
    return (
      <div className="message-page">
        <h1>This item could not be loaded</h1>
        <p>Please check your connection and try again.</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <ItemNotFound />;
}
