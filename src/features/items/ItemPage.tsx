import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { brandTagsOf, withOfferFacts } from '../../../shared/item-offer';
import { stockCountedPhrase } from '../../../shared/stock';
import { itemPath } from '../../../shared/spa-routes';
import { IMAGE_SIZES } from '../../../shared/first-screen';
import { ProductImage } from '../../components/ui/ProductImage';
import { departmentPicture } from '../../../shared/department-picture';
import { SaleBadge, StockBadge } from '../../components/shop/ItemFactsBits';
import { PickupControl } from '../pickup/PickupControl';
import { DepartmentLinks } from '../../components/ui/DepartmentLinks';
import { Spinner } from '../../components/ui/Spinner';
import { usePageHead } from '../../hooks/use-page-head';
import { DEPARTMENTS, departmentMenuPath, departmentOf } from '../../lib/departments';
import { useFilterData } from '../../lib/category-tags';
import { formatPrice } from '../../lib/format';
import './item.css';
import { useItem, useSameNameItems, type ItemDetails } from './api/get-item';
import { labelFacts, limitPerCustomerText, type FactRow } from '../../../shared/item-facts';
import { useRenderTime } from '../../lib/hydration';
import { sizeOptions, tagFacts } from './item-facts-view';

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

/** "In stock", "Only 2 left", "Out of stock" and when it was counted; nothing when not counted (decision 0273). */
function StockLine({ item }: { item: ItemDetails }) {
  const now = useRenderTime();
  if (item.stock === null) return null;
  const counted = stockCountedPhrase(item.stockCountedAt, now, item.stock);
  return (
    <p className="item-page__stock">
      <StockBadge stock={item.stock} />
      {counted ? <span className="item-page__counted">{counted}</span> : null}
    </p>
  );
}

/** "Limit 2 per customer" (decision 0371), beside the reserve control, for everyone; nothing without a limit. */
function LimitLine({ item }: { item: ItemDetails }) {
  const text = limitPerCustomerText(item.limitPerCustomer);
  return text ? <p className="item-page__limit">{text}</p> : null;
}

/** The same product's sizes, each with its price and stock, each a link to its own page (decision 0285). */
function SizeChoices({ item }: { item: ItemDetails }) {
  const { data } = useSameNameItems(item);
  const options = useMemo(() => (data ? sizeOptions(item, data) : []), [item, data]);
  if (options.length === 0) return null;
  return (
    <nav className="size-choices" aria-label="Sizes">
      <h2 className="size-choices__heading">Sizes</h2>
      <ul className="size-choices__list">
        {options.map((option) => (
          <li key={option.id}>
            <Link
              className="size-choice"
              to={itemPath(option.id)}
              aria-current={option.current ? 'page' : undefined}
              replace={option.current}
            >
              <span className="size-choice__size">{option.size}</span>
              <span className="size-choice__price">{formatPrice(option.price) ?? 'Ask in store'}</span>
              <StockBadge stock={option.stock} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FactList({ rows }: { rows: readonly FactRow[] }) {
  if (rows.length === 0) return null;
  return (
    <dl className="item-facts">
      {rows.map((row) => (
        <div key={row.label} className="item-facts__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ItemDetailsView({ item }: { item: ItemDetails }) {
  const filterData = useFilterData();
  usePageHead({
    item: useMemo(
      () => withOfferFacts(item, filterData.data ? brandTagsOf(filterData.data.categories, filterData.data.tags) : undefined),
      [item, filterData.data],
    ),
  });
  const price = formatPrice(item.price);
  const department = departmentOf(item.tags);
  const facts = useMemo(
    () => [...labelFacts(item), ...(filterData.data ? tagFacts(item.tags, filterData.data.categories, filterData.data.tags) : [])],
    [item, filterData.data],
  );
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
            sizes={IMAGE_SIZES.itemPage}
            priority
            fallback={departmentPicture(item.tags)}
          />
        </div>
        <div className="item-page__details">
          <h1 className="item-page__name">{item.name}</h1>
          {price ? (
            <p className="item-page__price">
              {price} <SaleBadge item={item} />
            </p>
          ) : null}
          <StockLine item={item} />
          <LimitLine item={item} />
          <PickupControl item={item} />
          <SizeChoices item={item} />
          <FactList rows={facts} />
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

/** /item/{id}: the item's name, price, stock, sizes, facts, picture and description (product §2, decision 0285). */
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
